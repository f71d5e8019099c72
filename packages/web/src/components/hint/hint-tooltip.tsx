import '@mantine/core/styles/Tooltip.layer.css';
import { Tooltip } from '@mantine/core';

/** Mantine's Tooltip with its styles, fetched the first time a `Hint` is shown. */
export default Tooltip;

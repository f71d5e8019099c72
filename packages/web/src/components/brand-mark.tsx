import { Group, Text } from '@mantine/core';
import classes from './brand-mark.module.css';

interface BrandMarkProps {
  /** Second line under the name; hidden on narrow screens. */
  subtitle?: string;
  /** On a dark background (the login hero). */
  inverted?: boolean;
}

/** The dfrm logo and name, used by the login page and both shells. */
export function BrandMark({ subtitle = '数据分析与量化金融教学平台', inverted = false }: BrandMarkProps) {
  return (
    <Group gap="sm" wrap="nowrap" className={classes.root} data-inverted={inverted || undefined}>
      <svg className={classes.logo} viewBox="0 0 32 32" aria-hidden focusable="false">
        <rect width="32" height="32" rx="7" className={classes.logoTile} />
        <path d="M7 22l6-7 5 4 7-9" className={classes.logoLine} />
      </svg>
      <div>
        <Text component="span" className={classes.name}>
          dfrm
        </Text>
        {subtitle ? (
          <Text component="span" className={classes.subtitle}>
            {subtitle}
          </Text>
        ) : null}
      </div>
    </Group>
  );
}

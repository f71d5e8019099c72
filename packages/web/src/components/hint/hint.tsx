import {
  cloneElement,
  lazy,
  Suspense,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
} from 'react';

// Only needed once someone hovers or focuses an icon button: its code (with floating-ui's) stays
// out of the pages' chunks and the first bundle.
const Tooltip = lazy(() => import('./hint-tooltip'));

interface TriggerProps {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}

/**
 * What an icon button does, shown above it while a mouse rests on it or the keyboard focuses it
 * (Esc hides it). The child keeps its own accessible name (aria-label); the hint repeats it for
 * sighted users.
 *
 * Mantine's Tooltip mounts a portal and floating-ui's hooks for every wrapped button when the
 * page renders, and each portal renders twice in the commit; a table of rows with three icon
 * buttons each pays for that before anyone hovers. Here Mantine's Tooltip is mounted only for a
 * button once it is first hovered or focused, pointed at it by `target`; its code is fetched then.
 */
export function Hint({ label, children }: { label: string; children: ReactElement<TriggerProps> }) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const own = children.props;
  const show = (node: HTMLElement) => {
    setTarget(node);
    setOpened(true);
  };
  const trigger = cloneElement(children, {
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(event);
      if (event.pointerType !== 'touch') show(event.currentTarget);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(event);
      setOpened(false);
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      if (event.currentTarget.matches(':focus-visible')) show(event.currentTarget);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      own.onBlur?.(event);
      setOpened(false);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      own.onKeyDown?.(event);
      if (event.key === 'Escape') setOpened(false);
    },
  });
  return (
    <>
      {trigger}
      {target ? (
        <Suspense fallback={null}>
          <Tooltip label={label} target={target} opened={opened} />
        </Suspense>
      ) : null}
    </>
  );
}

import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import { Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import classes from './row-menu.module.css';

export interface RowMenuProps {
  /** Accessible name of the trigger, e.g. `操作 张三`. */
  label: string;
  /** The menu's items (`Menu.Item`, `Menu.Label`, ...); called only once the menu is wanted. */
  items: () => ReactNode;
}

/**
 * The 操作 menu of a table row. Until it is first used it is a plain button:
 * a long list mounts rows as they scroll into view, and a Mantine Menu per row
 * (popover, floating position, focus handling) would cost more than the rest
 * of the row. The first click (or Enter/Space) mounts the Menu closed around a
 * new trigger, moves focus to that trigger and then opens the menu, so the
 * menu's own focus handling works as usual: arrow keys inside, Escape closes,
 * and focus returns to the trigger.
 */
export function RowMenu({ label, items }: RowMenuProps) {
  const [mounted, setMounted] = useState(false);
  const [opened, setOpened] = useState(false);
  const openOnMount = useRef(false);
  const trigger = useRef<HTMLButtonElement>(null);

  useLayoutEffect(() => {
    if (!mounted || !openOnMount.current) return;
    openOnMount.current = false;
    trigger.current?.focus();
    // Opened after mounting, not mounted opened: the menu remembers what had focus (the
    // trigger) when it opens, and gives focus back there when it closes.
    setOpened(true);
  }, [mounted]);

  if (!mounted) {
    return (
      <button
        type="button"
        className={classes.trigger}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={false}
        onClick={() => {
          openOnMount.current = true;
          setMounted(true);
        }}
      >
        <IconDots size={18} aria-hidden />
      </button>
    );
  }
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened} returnFocus>
      <Menu.Target>
        <button ref={trigger} type="button" className={classes.trigger} aria-label={label}>
          <IconDots size={18} aria-hidden />
        </button>
      </Menu.Target>
      <Menu.Dropdown>{items()}</Menu.Dropdown>
    </Menu>
  );
}

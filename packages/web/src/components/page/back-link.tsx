import { useNavigate } from '@tanstack/react-router';
import type { ComponentPropsWithoutRef } from 'react';

/** A link to a path of this app given as a whole href (a form's returnTo), followed inside the app. */
export function BackLink({ href, ...props }: ComponentPropsWithoutRef<'a'> & { href: string }) {
  const navigate = useNavigate();
  return (
    <a
      {...props}
      href={href}
      onClick={(event) => {
        props.onClick?.(event);
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
          return;
        event.preventDefault();
        void navigate({ href });
      }}
    />
  );
}

import { Outlet } from '@tanstack/react-router';
import { SessionSupervisor } from './session/session-supervisor';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <SessionSupervisor />
    </>
  );
}

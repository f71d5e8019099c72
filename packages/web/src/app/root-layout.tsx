import { Outlet } from '@tanstack/react-router';
import { useFirstScreenReady } from './first-screen';
import { SessionSupervisor } from './session/session-supervisor';

export function RootLayout() {
  const ready = useFirstScreenReady();
  return (
    <>
      {ready ? <Outlet /> : null}
      <SessionSupervisor starting={!ready} />
    </>
  );
}

import { createContext, type ReactNode, useContext } from 'react';
import type { RuntimeConfig } from '@/lib/runtime-config';

/** Things fixed for the life of the page: deployment config and page-level effects. */
export interface AppEnvironment {
  config: RuntimeConfig;
  /** Full page reload; tests pass a spy since jsdom cannot reload. */
  reload: () => void;
}

const AppEnvironmentContext = createContext<AppEnvironment | null>(null);

export function AppEnvironmentProvider({ value, children }: { value: AppEnvironment; children: ReactNode }) {
  return <AppEnvironmentContext.Provider value={value}>{children}</AppEnvironmentContext.Provider>;
}

export function useAppEnvironment(): AppEnvironment {
  const value = useContext(AppEnvironmentContext);
  if (!value) throw new Error('useAppEnvironment must be used inside AppEnvironmentProvider');
  return value;
}

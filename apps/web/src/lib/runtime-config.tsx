import { createContext, useContext, type ReactNode } from 'react';
import type { TRuntimeConfig } from '@service-hub/contracts';

const RuntimeConfigContext = createContext<TRuntimeConfig | null>(null);

/** Loads the server's runtime configuration once at start: one build serves every environment. */
export async function loadRuntimeConfig(): Promise<TRuntimeConfig> {
  const response = await fetch('/api/config', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Could not load the configuration (HTTP ${response.status})`);
  return (await response.json()) as TRuntimeConfig;
}

export function RuntimeConfigProvider({ config, children }: { config: TRuntimeConfig; children: ReactNode }) {
  return <RuntimeConfigContext.Provider value={config}>{children}</RuntimeConfigContext.Provider>;
}

export function useRuntimeConfig(): TRuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig outside RuntimeConfigProvider');
  return config;
}

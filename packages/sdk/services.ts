/** The services whose specs live in /specs; one generated client each. */
export const SERVICES = ['user', 'tms', 'resource', 'support', 'cms', 'node'] as const;
export type Service = (typeof SERVICES)[number];

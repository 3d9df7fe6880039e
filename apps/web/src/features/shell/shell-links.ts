/** Services of other systems, each with its own address that leads to the external-service page. */
export const EXTERNAL_SERVICES = ['wod', 'ai', 'ibf', 'ea', 'lit', 'jir'] as const;
export type ExternalService = (typeof EXTERNAL_SERVICES)[number];

/** Addresses of the frame's own pages. */
export const shellLinks = {
  /** The external-service page, for one service (its permission prefix). */
  external: (service?: string) => (service === undefined ? '/external' : `/external?service=${service}`),
  service: (service: ExternalService) => `/${service}`,
};

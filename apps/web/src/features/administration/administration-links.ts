/**
 * The administration's lists: the services customers see, the keys of production systems, and the
 * incidents and maintenance of the public status page.
 */
export type AdministrationTab = 'services' | 'api-keys' | 'status';

/** Addresses of the provider administration of services, their permissions and the API keys. */
export const administrationLinks = {
  tab: (tab: AdministrationTab) => `/administration/${tab}`,
  services: () => '/administration/services',
  statusNotices: () => '/administration/status',
  addService: () => '/administration/services/addservice',
  /** A service's page; `permission` marks one of its permissions in the list. */
  permissions: (serviceId: number, permission?: string) =>
    `/administration/services/${serviceId}/permissions${
      permission === undefined ? '' : `?permission=${encodeURIComponent(permission)}`
    }`,
  /** Track-and-trace permissions are tied to a customer and have their own form. */
  addPermission: (service: { id: number; shortName: string }) =>
    `/administration/services/${service.id}/permissions/${
      service.shortName === 'STT' ? 'sttaddpermission' : 'addpermission'
    }`,
};

/** Addresses of the communication orders (deployment requests). */
export const ediConnectLinks = {
  requests: () => '/edi-connect/deployment-requests',
  newRequest: () => '/edi-connect/deployment-requests/new',
};

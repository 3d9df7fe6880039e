import { z } from 'zod';
import { optionalGuid, optionalText, pageOf, pageQuery, text, ZInt32Id } from './fields.ts';

/** The internal abbreviation of a service: the short name in the identity system and the permission prefix. */
export const SERVICE_SHORT_NAME = /^[A-Z][A-Z0-9]{1,15}$/;

const ZName = (max: number) => text().trim().min(1).max(max);

export const ZPermission = z
  .object({
    id: z.number().int(),
    serviceId: z.number().int(),
    prefix: z.string(),
    name: z.string(),
    roles: z.array(z.string()),
    customerId: z
      .number()
      .int()
      .nullable()
      .describe('Track-and-trace permissions may be tied to one customer'),
    customerName: z.string().nullable(),
  })
  .meta({ id: 'Permission' });
export type TPermission = z.infer<typeof ZPermission>;

export const ZApplication = z
  .object({ id: z.number().int(), serviceId: z.number().int(), applicationName: z.string() })
  .meta({ id: 'Application' });
export type TApplication = z.infer<typeof ZApplication>;

export const ZService = z
  .object({
    id: z.number().int(),
    name: z.string().describe('Customer-facing name'),
    shortName: z.string().describe('Internal abbreviation; the prefix of its permissions'),
    nameHint: z.string().nullable(),
    crmMappingGuid: z.string().nullable(),
    wodGroupName: z.string().nullable(),
    created: z.string(),
    applicationCount: z.number().int(),
    permissionCount: z.number().int(),
  })
  .meta({ id: 'Service' });
export type TService = z.infer<typeof ZService>;

export const ZListServicesResponse = z.array(ZService);
export type TListServicesResponse = z.infer<typeof ZListServicesResponse>;

export const ZGetServiceResponse = ZService.extend({
  applications: z.array(ZApplication),
  permissions: z.array(ZPermission),
}).meta({ id: 'GetServiceResponse' });
export type TGetServiceResponse = z.infer<typeof ZGetServiceResponse>;

export const ZServiceIdParam = z.object({
  serviceId: z.coerce.number().pipe(ZInt32Id),
});

export const ZCreateServiceRequest = z.object({
  name: ZName(100),
  shortName: text()
    .trim()
    .regex(SERVICE_SHORT_NAME, { error: 'Use 2 to 16 capital letters or digits, starting with a letter.' }),
  applicationName: ZName(100),
  crmMappingGuid: optionalGuid(),
  wodGroupName: optionalText(100),
  nameHint: optionalText(200),
});
export type TCreateServiceRequest = z.input<typeof ZCreateServiceRequest>;

export const ZCreateApplicationRequest = z.object({ applicationName: ZName(100) });
export type TCreateApplicationRequest = z.input<typeof ZCreateApplicationRequest>;

export const ZPermissionRole = text()
  .trim()
  .regex(/^[A-Z][A-Z0-9_]{0,49}$/, { error: 'Use capital letters, digits and _, e.g. READ_ALL.' });

export const ZCreatePermissionRequest = z.object({
  name: ZName(100),
  roles: z.array(ZPermissionRole).max(10).default([]),
  customerId: ZInt32Id.nullish().describe('Only for track-and-trace permissions: the customer it is tied to'),
});
export type TCreatePermissionRequest = z.input<typeof ZCreatePermissionRequest>;

/** GET /api/permission/search (spec 7). */
export const ZSearchPermissionsRequest = z.object({
  filter: text().trim().max(100).optional().describe('Text in the name, prefix or service name'),
  prefix: text().trim().max(16).optional(),
  name: text().trim().max(100).optional(),
  ...pageQuery(50, 200),
});
export type TSearchPermissionsRequest = z.infer<typeof ZSearchPermissionsRequest>;

export const ZSearchPermissionsResponse = pageOf(ZPermission).meta({ id: 'SearchPermissionsResponse' });
export type TSearchPermissionsResponse = z.infer<typeof ZSearchPermissionsResponse>;

/* The other endpoints' pairs: an entity above, or a list of one, under the operation's name. */
export const ZCreateServiceResponse = ZGetServiceResponse;
export type TCreateServiceResponse = z.infer<typeof ZCreateServiceResponse>;
export const ZCreateApplicationResponse = ZGetServiceResponse;
export type TCreateApplicationResponse = z.infer<typeof ZCreateApplicationResponse>;
export const ZCreatePermissionResponse = ZGetServiceResponse;
export type TCreatePermissionResponse = z.infer<typeof ZCreatePermissionResponse>;

import { z } from 'zod';

export const ZLoginRequest = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZLoginResponse = z.object({
  token: z.string().describe('Signed JWT to send as `Authorization: Bearer <token>`'),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

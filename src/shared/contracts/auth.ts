import { z } from 'zod';

/** GET /api/auth/user — the signed-in user, or 401. */
export const AuthUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type AuthUser = z.infer<typeof AuthUserSchema>;

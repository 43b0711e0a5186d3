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

/** An e-mail address as the sign-in forms send it: trimmed, lower-cased. */
export const EmailField = z
  .string('email is required')
  .trim()
  .toLowerCase()
  .max(254, 'email is at most 254 characters')
  .pipe(z.email('email must be an e-mail address'));

/** A password as typed; the strength rules (length, common passwords) answer 400 `weak_password`. */
const PasswordField = z
  .string('password is required')
  .min(1, 'password is required')
  .max(1024, 'password is at most 1024 characters');

/** GET /api/auth/methods — how this install signs people in, and whether it still needs an owner. */
export const AuthMethodsSchema = z.object({
  password: z.boolean(),
  oidc: z.boolean(),
  setupNeeded: z.boolean(),
});
export type AuthMethods = z.infer<typeof AuthMethodsSchema>;

/** POST /api/auth/setup — the owner account of a fresh install (201 once, 409 after). */
export const OwnerSetupBodySchema = z.object({
  email: EmailField,
  password: PasswordField,
  name: z
    .string('name is required')
    .trim()
    .min(1, 'name is required')
    .max(100, 'name is at most 100 characters'),
});

/** POST /api/auth/password/login — `code`: the TOTP code or a recovery code when two-factor is on. */
export const PasswordLoginBodySchema = z.object({
  email: EmailField,
  password: PasswordField,
  code: z.string().trim().max(32, 'code is at most 32 characters').optional(),
});

/** POST /api/auth/password/reset — always 202. */
export const PasswordResetRequestBodySchema = z.object({ email: EmailField });

export const PasswordResetTokenParamsSchema = z.object({
  token: z.string().regex(/^[\w-]{20,100}$/, 'token is not a reset link'),
});

/** GET /api/auth/password/reset/:token — whose link it is (masked e-mail), or 410. */
export const PasswordResetPreviewSchema = z.object({ email: z.string() });

/** GET /api/auth/email/verification — the caller's address and whether it is proven (issue #38). */
export const EmailVerificationStatusSchema = z.object({
  email: z.string().nullable(),
  verified: z.boolean(),
  /** When it was proven (ISO instant), or null. */
  verifiedAt: z.string().nullable(),
  /** A password account can prove its address by a mailed link; an OIDC one has its provider's word. */
  canVerify: z.boolean(),
});
export type EmailVerificationStatus = z.infer<typeof EmailVerificationStatusSchema>;
/** POST /api/auth/email/verification — 202: where the link went (masked). */
export const EmailVerificationSentSchema = z.object({ sentTo: z.string() });
/** POST /api/auth/email/verification/:token — the token of the mailed link. */
export const EmailVerificationTokenParamsSchema = z.object({
  token: z.string().regex(/^[\w-]{20,100}$/, 'token is not a confirmation link'),
});
/** POST /api/auth/email/verification/:token — 200: the address now proven (masked), or 410. */
export const EmailVerifiedSchema = z.object({ email: z.string() });

/** POST /api/auth/password/reset/:token — the new password (204, or 410 for a used/expired link). */
export const NewPasswordBodySchema = z.object({ password: PasswordField });

/** POST /api/invitations/:token/password — an invited person's new password account. */
export const InvitationPasswordBodySchema = OwnerSetupBodySchema.pick({ name: true, password: true });

/** One signed-in device of the caller (GET /api/auth/sessions). */
const AuthSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export const AuthSessionListSchema = z.object({ sessions: z.array(AuthSessionSchema) });
export type AuthSession = z.infer<typeof AuthSessionSchema>;
export const AuthSessionParamsSchema = z.object({ id: z.uuid('id must be a session id') });

/** GET /api/auth/two-factor — whether TOTP is offered (password accounts) and on. */
export const TwoFactorStatusSchema = z.object({ available: z.boolean(), enabled: z.boolean() });
/** POST /api/auth/two-factor/start — the new secret, once (key to type, otpauth:// URI for a QR code). */
export const TwoFactorSetupSchema = z.object({ secret: z.string(), uri: z.string() });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;
export const TwoFactorCodeBodySchema = z.object({
  code: z
    .string('code is required')
    .trim()
    .min(6, 'code is required')
    .max(32, 'code is at most 32 characters'),
});
/** POST /api/auth/two-factor/enable — the recovery codes, shown once. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

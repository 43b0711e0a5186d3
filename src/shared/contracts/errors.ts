import { z } from 'zod';

/** Every error response of the API: a readable message and a stable machine code. */
export const ErrorEnvelopeSchema = z.object({
  message: z.string(),
  code: z.string(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

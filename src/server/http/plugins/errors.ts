import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorEnvelope } from '../../../shared/contracts/errors.ts';
import { AppError } from '../../errors.ts';

/**
 * One error envelope for the whole API: `{ message, code }` with the right status. Client mistakes
 * (4xx) say what was wrong; server faults are logged with their stack and answered without it.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(envelope(error.message, error.code));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation
        .map((issue) => {
          // A root-level issue (the whole body or query is wrong) names the part instead.
          const where =
            issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
            (error.validationContext === 'querystring' ? 'query' : error.validationContext);
          return where ? `${where}: ${issue.message}` : issue.message;
        })
        .join('; ');
      return reply.status(400).send(envelope(`Invalid request: ${details}`, 'validation_failed'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(envelope(clientErrorMessage(error), clientErrorCode(error)));
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send(envelope('Something went wrong on our side. Please try again.', 'internal'));
  });
}

const envelope = (message: string, code: ErrorCode): ErrorEnvelope => ({ message, code });

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type.';
    default:
      return error.message;
  }
}

function clientErrorCode(error: FastifyError): ErrorCode {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'invalid_json';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'body_too_large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'unsupported_media_type';
    default:
      return 'bad_request';
  }
}

import type { FastifyRequest } from 'fastify';

/** The client facts a service may record or count: its address and browser, nothing more. */
export const clientOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

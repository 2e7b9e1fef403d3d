import {
  bareMessageSchema,
  errorSchema,
  forgotPasswordSchema,
  loginAnswerSchema,
  loginSchema,
  messages,
  messageSchema,
  publicUserSchema,
  registerSchema,
  resetPasswordBodySchema,
  updateProfileSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sendMessage } from '../../lib/http-errors.js';
import { requireUser } from '../sessions/plugin.js';
import { authenticate, register } from './accounts.js';
import { requestPasswordReset, resetPassword } from './password-reset.js';
import { updateProfile } from './profile.js';
import { clientOf, limitAuthByAddress, limitResetRequests } from './rate-limits.js';
import { toPublicUser } from './repo.js';

const tags = ['accounts'];

export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/user/register',
      {
        schema: {
          tags,
          summary: 'Register a customer account',
          body: registerSchema,
          response: { 200: messageSchema, 201: messageSchema, 400: errorSchema, 429: errorSchema },
        },
        preHandler: async (request) => limitAuthByAddress(ctx, request),
      },
      async (request, reply) => {
        const result = await register(ctx, request.body);
        if (result === 'exists') return reply.code(200).send({ message: messages.alreadyRegistered });
        return reply.code(201).send({ message: messages.registered });
      },
    );

    app.post(
      '/api/user/login',
      {
        schema: {
          tags,
          summary: 'Log in; starts a new session cookie',
          body: loginSchema,
          response: { 200: loginAnswerSchema, 401: errorSchema, 404: errorSchema, 429: errorSchema },
        },
        preHandler: async (request) => limitAuthByAddress(ctx, request),
      },
      async (request, reply) => {
        const user = await authenticate(ctx, request.body, clientOf(request));
        await ctx.sessions.start(request, reply, user.id);
        return { name: user.name, isAdmin: user.is_admin === 1, message: messages.loginSuccess };
      },
    );

    app.post(
      '/api/user/logout',
      { schema: { tags, summary: 'End this session', response: { 200: messageSchema } } },
      async (request, reply) => {
        await ctx.sessions.end(request, reply);
        return { message: messages.loggedOut };
      },
    );

    app.post(
      '/api/user/forgotPass',
      {
        schema: {
          tags,
          summary: 'Mail a password reset link (answers alike for unknown emails)',
          body: forgotPasswordSchema,
          response: { 200: bareMessageSchema, 400: errorSchema, 429: errorSchema },
        },
        preHandler: async (request) => limitAuthByAddress(ctx, request),
      },
      async (request, reply) => {
        await limitResetRequests(ctx, request.body.email, clientOf(request));
        await requestPasswordReset(ctx, request.body.email);
        return sendMessage(reply, 200, messages.resetMailSent);
      },
    );

    app.post(
      '/api/user/resetPassword/:resetToken',
      {
        schema: {
          tags,
          summary: 'Set a new password with a reset token',
          // A mangled or overlong link is one more link that is not valid.
          params: z.object({
            resetToken: z.string({ error: messages.resetTokenInvalid }).min(1).max(200),
          }),
          body: resetPasswordBodySchema,
          response: { 200: bareMessageSchema, 400: errorSchema, 429: errorSchema },
        },
        preHandler: async (request) => limitAuthByAddress(ctx, request),
      },
      async (request, reply) => {
        await resetPassword(ctx, request.params.resetToken, request.body.password, clientOf(request));
        return sendMessage(reply, 200, messages.resetDone);
      },
    );

    app.get(
      '/api/get-user',
      {
        schema: {
          tags,
          summary: 'The logged-in user',
          response: { 200: publicUserSchema, 401: errorSchema },
        },
      },
      async (request) => {
        const user = requireUser(request);
        return toPublicUser({ ...user, is_admin: user.isAdmin ? 1 : 0 });
      },
    );

    app.patch(
      '/api/user/update',
      {
        schema: {
          tags,
          summary: 'Change name and/or password',
          body: updateProfileSchema,
          response: {
            200: z.string().describe('The new name'),
            201: bareMessageSchema,
            202: z.string().describe('The new name'),
            204: z.null().describe('Nothing changed: no body'),
            400: errorSchema,
            401: errorSchema,
            404: errorSchema,
            429: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const outcome = await updateProfile(ctx, request, reply, user, request.body);
        if (outcome.status === 204) return reply.code(204).send(null);
        return sendMessage(reply, outcome.status, outcome.body);
      },
    );
  };
}

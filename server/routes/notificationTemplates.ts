import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../auth/mailer.ts';
import { Throttle, THROTTLE_WINDOW_SECONDS } from '../auth/throttle.ts';
import type { Database } from '../db/database.ts';
import { PLATFORM } from '../db/scope.ts';
import { notFound, tooMany, unprocessable, violation, type Violation } from '../shared/errors.ts';
import { authorize } from '../resources/authorize.ts';
import {
  renderTemplate,
  sampleVariables,
  TEMPLATE_LOCALES,
  templateVariables,
  unknownVariables,
  type TemplateLocale,
} from '../../src/domain/templateVariables.ts';
import { idParams, noBody, objectBody, pathId, rightsFirst, typedRoutes } from '../http/routeSchema.ts';
import { declarationOf } from './actions/support.ts';
import { listOf, noContent, closedObject } from '../http/answers.ts';
import {
  maxLengthOf,
  notificationTemplates as notificationTemplatesContract,
} from '../../src/domain/contracts/index.ts';

/** The same 422 a write of this text would get: a preview never renders what could not be saved. */
function checkVariables(code: string, texts: { subject: string; body: string }) {
  const violations: Violation[] = [];
  for (const field of ['subject', 'body'] as const) {
    const unknown = unknownVariables(code, texts[field]);
    if (unknown.length > 0)
      violations.push(
        violation(
          field,
          'unknown_variable',
          `Unknown variables ${unknown.map((name) => `{{${name}}}`).join(', ')}; this template offers ${templateVariables(code).join(', ')}.`,
        ),
      );
  }
  if (violations.length > 0) throw unprocessable(violations);
}

const preview = closedObject(
  'The variables the template offers and the text rendered with sample values in each locale.',
  {
    variables: listOf('Its variables.', { type: 'string' }),
    locales: {
      type: 'object',
      description: 'Per locale, the rendered subject and body.',
      additionalProperties: closedObject('The rendered text.', {
        subject: { type: 'string' },
        body: { type: 'string' },
      }),
    },
  },
  ['variables', 'locales'],
);

const render = (code: string, texts: { subject: string; body: string }, locale: TemplateLocale) => {
  const values = sampleVariables(code, locale);
  return { subject: renderTemplate(texts.subject, values), body: renderTemplate(texts.body, values) };
};

/**
 * What the template editor needs beyond CRUD: a preview of the text being edited with sample
 * values in each locale, and a test mail of a stored template to the one asking. Support staff's, like
 * the templates themselves.
 */
export async function notificationTemplateRoutes(
  fastify: FastifyInstance,
  { db, mailer }: { db: Database; mailer: Mailer },
) {
  const app = typedRoutes(fastify);
  const templates = declarationOf('notification-templates');
  // A test mail goes to oneself only, but each is a real mail: bounded per account.
  const tests = new Throttle(db, 'template-test', {
    perKey: 20,
    perAddress: 60,
    windowSeconds: THROTTLE_WINDOW_SECONDS,
  });

  const canRead = rightsFirst((request) => authorize(request, templates, 'get'));
  const previewed = objectBody({
    code: { type: 'string', maxLength: maxLengthOf(notificationTemplatesContract, 'code') },
    subject: { type: ['string', 'null'] },
    body: { type: ['string', 'null'] },
  });
  app.post(
    '/api/notification-templates/preview',
    { schema: { body: previewed, response: { 200: preview } }, ...canRead },
    async (request) => {
      const body = request.body;
      const code = body.code ?? '';
      const texts = { subject: body.subject ?? '', body: body.body ?? '' };
      checkVariables(code, texts);
      return {
        variables: templateVariables(code),
        locales: Object.fromEntries(TEMPLATE_LOCALES.map((locale) => [locale, render(code, texts, locale)])),
      };
    },
  );

  app.post(
    '/api/notification-templates/:id/send-test',
    {
      schema: {
        params: idParams,
        body: noBody,
        response: { 204: noContent("The template was sent, with sample values, to the session's own address.") },
      },
      ...canRead,
    },
    async (request, reply) => {
      const { session, scope } = authorize(request, templates, 'get');
      const id = pathId(request);
      const [template] = await db.query<{
        code: string;
        name: string;
        subject: string | null;
        body: string | null;
        locale: TemplateLocale;
      }>(
        `SELECT t.code, t.name, t.subject, t.body, t.locale FROM notification_templates t WHERE t.id = $1${scope.map((condition) => ` AND ${condition}`).join('')}`,
        [id],
      );
      if (!template) throw notFound(`NotificationTemplate ${id} not found.`);
      // The session's own address, whichever structure platform staff are looking at.
      const [me] = await db
        .scoped(PLATFORM)
        .query<{ email: string }>('SELECT email FROM users WHERE id = $1', [session.userId]);
      if (!me) throw notFound('Your user no longer exists.');
      const wait = await tests.attempt(String(session.userId), request.ip);
      if (wait > 0) throw tooMany(wait);
      const texts = { subject: template.subject ?? template.name, body: template.body ?? '' };
      const rendered = render(template.code, texts, template.locale);
      await mailer.send({ to: me.email, subject: `[Test] ${rendered.subject}`, text: rendered.body });
      return reply.status(204).send();
    },
  );
}

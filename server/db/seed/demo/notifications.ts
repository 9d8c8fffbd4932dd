import type { Queryable } from '../../database.ts';
import { ago, insertRows } from './bulk.ts';

// [code, name, channel, subject, body, locale, enabled]
const TEMPLATES: [string, string, 'email' | 'sms' | 'push', string | null, string, 'fr' | 'en', boolean][] = [
  ['user_welcome_fr', 'Bienvenue sur la plateforme', 'email', 'Bienvenue sur {{platformName}}, {{firstName}} !',
    'Bonjour {{firstName}},\n\nVotre compte sur {{platformName}} vient d’être créé par {{companyName}}.\nPour vous connecter la première fois, rendez-vous sur {{loginUrl}} : un code de vérification vous sera envoyé.\n\nBonne formation,\nL’équipe {{platformName}}', 'fr', true],
  ['user_welcome_en', 'Welcome to the platform', 'email', 'Welcome to {{platformName}}, {{firstName}}!',
    'Hello {{firstName}},\n\nYour {{platformName}} account has just been created by {{companyName}}.\nTo sign in for the first time, go to {{loginUrl}}: a verification code will be sent to you.\n\nEnjoy your training,\nThe {{platformName}} team', 'en', true],
  ['verification_code_fr', 'Code de vérification', 'email', 'Votre code de vérification : {{code}}',
    'Bonjour {{firstName}},\n\nVotre code de vérification est {{code}}. Il est valable {{validityMinutes}} minutes.\nSi vous n’êtes pas à l’origine de cette demande, ignorez ce message.', 'fr', true],
  ['verification_code_en', 'Verification code', 'email', 'Your verification code: {{code}}',
    'Hello {{firstName}},\n\nYour verification code is {{code}}. It is valid for {{validityMinutes}} minutes.\nIf you did not request it, please ignore this message.', 'en', true],
  ['course_invitation_fr', 'Invitation à un parcours', 'email', 'Vous êtes invité(e) au parcours « {{courseTitle}} »',
    'Bonjour {{firstName}},\n\n{{inviterName}} vous invite à suivre le parcours « {{courseTitle}} » (environ {{durationMinutes}} minutes).\nCommencez dès maintenant : {{courseUrl}}', 'fr', true],
  ['course_invitation_en', 'Course invitation', 'email', 'You are invited to “{{courseTitle}}”',
    'Hello {{firstName}},\n\n{{inviterName}} invites you to take the course “{{courseTitle}}” (about {{durationMinutes}} minutes).\nStart now: {{courseUrl}}', 'en', true],
  ['course_completed_fr', 'Parcours terminé', 'email', 'Félicitations, vous avez terminé « {{courseTitle}} »',
    'Bravo {{firstName}} !\n\nVous avez terminé le parcours « {{courseTitle}} » le {{completedAt}}.\nVotre attestation est disponible ici : {{certificateUrl}}', 'fr', true],
  ['ticket_reply_fr', 'Réponse à un ticket', 'email', 'Nouvelle réponse à votre demande « {{ticketSubject}} »',
    'Bonjour {{firstName}},\n\n{{agentName}} a répondu à votre demande :\n\n{{message}}\n\nStatut : {{ticketStatus}}. Répondre : {{ticketUrl}}', 'fr', true],
  ['ticket_reply_en', 'Ticket reply', 'email', 'New reply to your request “{{ticketSubject}}”',
    'Hello {{firstName}},\n\n{{agentName}} replied to your request:\n\n{{message}}\n\nStatus: {{ticketStatus}}. Reply: {{ticketUrl}}', 'en', true],
  ['weekly_digest_fr', 'Récapitulatif hebdomadaire', 'email', 'Votre semaine sur {{platformName}}',
    'Bonjour {{firstName}},\n\nCette semaine : {{newParticipations}} nouvelles inscriptions, {{completedCourses}} parcours terminés et {{openTickets}} tickets en attente.\nTableau de bord : {{dashboardUrl}}', 'fr', false],
  ['verification_code_sms_fr', 'Code de vérification (SMS)', 'sms', null,
    '{{platformName}} : votre code de vérification est {{code}}. Il expire dans {{validityMinutes}} min.', 'fr', true],
  ['verification_code_sms_en', 'Verification code (SMS)', 'sms', null,
    '{{platformName}}: your verification code is {{code}}. It expires in {{validityMinutes}} min.', 'en', true],
  ['session_reminder_sms_fr', 'Rappel de session (SMS)', 'sms', null,
    'Rappel : session « {{courseTitle}} » demain à {{startTime}}, {{location}}. Bonne formation !', 'fr', true],
  ['new_chapter_push_fr', 'Nouveau chapitre disponible', 'push', 'Nouveau chapitre',
    '« {{chapterTitle}} » est disponible dans votre parcours {{courseTitle}}.', 'fr', true],
  ['ticket_treated_push_fr', 'Ticket traité', 'push', 'Demande traitée',
    'Votre demande « {{ticketSubject}} » a été traitée par {{agentName}}.', 'fr', true],
  ['ticket_treated_push_en', 'Ticket handled', 'push', 'Request handled',
    'Your request “{{ticketSubject}}” has been handled by {{agentName}}.', 'en', true],
  // The e-mails a ticket's author gets when support marks it treated or closes it (issue 11).
  ['ticket_treated_fr', 'Ticket traité', 'email', 'Votre demande « {{ticketSubject}} » a été traitée',
    'Bonjour {{firstName}},\n\n{{agentName}} a traité votre demande :\n\n{{message}}\n\nSi le problème persiste, répondez simplement : {{ticketUrl}}', 'fr', true],
  ['ticket_treated_en', 'Ticket treated', 'email', 'Your request “{{ticketSubject}}” has been handled',
    'Hello {{firstName}},\n\n{{agentName}} has handled your request:\n\n{{message}}\n\nIf the problem persists, just reply: {{ticketUrl}}', 'en', true],
  ['ticket_closed_fr', 'Ticket fermé', 'email', 'Votre demande « {{ticketSubject}} » est fermée',
    'Bonjour {{firstName}},\n\n{{agentName}} a fermé votre demande :\n\n{{message}}\n\nVous pouvez retrouver l’échange ici : {{ticketUrl}}', 'fr', true],
  ['ticket_closed_en', 'Ticket closed', 'email', 'Your request “{{ticketSubject}}” is closed',
    'Hello {{firstName}},\n\n{{agentName}} has closed your request:\n\n{{message}}\n\nThe conversation is here: {{ticketUrl}}', 'en', true],
];

export async function seedNotificationTemplates(tx: Queryable): Promise<void> {
  await insertRows(
    tx, 'notification_templates',
    { code: 'text', name: 'text', channel: 'text', subject: 'text', body: 'text', locale: 'text', enabled: 'boolean' },
    TEMPLATES.map(([code, name, channel, subject, body, locale, enabled], i) => ({
      code, name, channel, subject, body, locale, enabled, _age: ago(178 - i * 6), _touched: ago(Math.max(1, 90 - i * 5)),
    })),
    { stamped: true },
  );
}

import englishMessages from 'ra-language-english';
import { contentsEn } from './resources/contents.en';
import { peopleEn } from './resources/people.en';
import { shellEn } from './shell.en';
import { libraryEn } from './library.en';
import { ticketAttachmentsEn } from './ticketAttachments.en';
import { peopleAppEn } from './people.en';
import { ticketsEn } from './tickets.en';
import { subscriptionEn } from './subscription.en';
import { tenancyEn } from './tenancy.en';
import { searchEn } from './search.en';
import { mentionsEn } from './mentions.en';
import { presenceEn } from './presence.en';
import { courseTransferEn } from './courseTransfer.en';
import { structureDataEn } from './structureData.en';
import { listExportEn } from './listExport.en';
import { csvImportEn } from './csvImport.en';
import { phoneListEn } from './phoneList.en';
import { rightsEn } from './rights.en';
import { outlineLinkEn } from './outlineLink.en';
import { learningLinkEn } from './learningLink.en';
import { learningReportsLinkEn } from './learningReportsLink.en';
import type { Messages } from './fr';
import { COPY_MAX_ROWS } from '../domain/copies';
import { ENROLMENT_MAX_LEARNERS } from '../domain/learning';

/** English, loaded on demand; typed by the French messages so that no key is missing. */
export const en: Messages = {
  ...englishMessages,
  ra: {
    ...englishMessages.ra,
    auth: { ...englishMessages.ra.auth, email: 'E-mail address' },
    page: { ...englishMessages.ra.page, access_denied: 'Access denied' },
    message: {
      ...englishMessages.ra.message,
      access_denied: 'Your account does not have the rights to open this page.',
      // react-admin's page for an unknown address ends this sentence with its own full stop.
      not_found: 'Either you typed a wrong address, or you followed a bad link',
    },
    notification: {
      ...englishMessages.ra.notification,
      updated: 'Changes saved |||| %{smart_count} changes saved',
      created: 'Item added',
      deleted: 'Item deleted |||| %{smart_count} items deleted',
    },
  },
  Error_Login: 'An error occurred',
  GenericError: 'An error occurred, please try again.',
  Generic_Error: 'An error occurred, please try again.',
  Error_CantGetCompanyByKey: 'The organisation of this invitation link cannot be found.',
  snackError_codeResend: 'This code has expired: a new code has just been sent to you.',
  // Resource, field and choice names: one file per group of screens, in ./resources/.
  resources: { ...contentsEn.resources, ...peopleEn.resources },
  choices: { ...contentsEn.choices, ...peopleEn.choices },
  app: {
    name: 'Back-office',
    fields: {
      color: 'Colour %{color}',
      period_from: '%{field}: from',
      period_to: '%{field}: to',
    },
    menu: {
      label: 'Main menu',
      contents: 'Content',
      users: 'Users',
      support: 'Support',
      library: 'Library',
      settings: 'Settings',
    },
    account: { menu: 'My account', title: 'My account', roles: 'Your roles' },
    roles: {
      ROLE_SUPER_ADMIN: 'Super administrator',
      ROLE_ADMIN: 'Administrator',
      ROLE_USER: 'Contributor',
      ROLE_FIRST_CONNECT: 'First connection',
    },
    notification: { tag_added: 'Tag added', skill_added: 'Skill added' },
    // An edit form whose save was refused as stale (src/custom/crud/StaleWriteAlert.tsx).
    stale_write: { reload: 'Reload' },
    // The side panel's and the snackbars' words (src/i18n/shell.en.ts).
    ...shellEn,
    ...ticketsEn,
    ...peopleAppEn,
    ...subscriptionEn,
    ...libraryEn,
    ...ticketAttachmentsEn,
    ...tenancyEn,
    ...searchEn,
    ...mentionsEn,
    ...presenceEn,
    ...courseTransferEn,
    ...structureDataEn,
    ...listExportEn,
    ...csvImportEn,
    ...phoneListEn,
    ...rightsEn,
    // The way to a course's outline, on the courses list; the editor's own words come with it.
    outline: outlineLinkEn,
    learning_link: learningLinkEn,
    // The ways to the learning reports (the menu, a course's funnel); the reports' own words come with them.
    learning_reports: learningReportsLinkEn,
    auth: {
      invalid_credentials: 'Wrong e-mail address or password.',
      login_error: 'An error occurred',
      no_token: 'An error occurred: the login was refused.',
      role_refused: 'This account has no access to the back-office.',
      access_ended:
        "Your structure's access has ended: its subscription was cancelled and the paid period is over. Contact the platform's team to restore it.",
      signed_out_elsewhere: 'You signed out in another tab.',
      app_name: 'Back-office',
      back_to_login: 'Back to sign in',
      login: {
        title: 'Sign in',
        intro: 'Sign in with your e-mail address and password.',
        forgot_password: 'Forgot your password?',
      },
      forgot: {
        title: 'Forgotten password',
        intro: "Enter your account's e-mail address: we will send you a 6-digit code to choose a new password.",
        submit: 'Send me a code',
        unknown_email: 'No account has this address',
      },
      code: {
        title: 'Check your e-mail address',
        intro: 'Enter the 6-digit code sent to %{email}. It is valid for 10 minutes.',
        group: '6-digit verification code',
        digit: 'Digit %{index} of 6',
        submit: 'Check the code',
        resend: 'Send the code again',
        resent: 'A new code has just been sent to you.',
        wrong: 'This code is wrong: check it and enter it again.',
        incomplete: 'Enter the 6 digits of the code.',
        expired: 'This code has expired: ask for a new one.',
        too_many_tries: 'Too many wrong codes: this code is no longer valid, ask for a new one.',
      },
      new_password: {
        title: 'Choose your password',
        intro: 'Your e-mail address is verified. Choose the password of your account.',
        password: 'New password',
        confirmation: 'Confirm the password',
        submit: 'Save and sign in',
        rules: 'Your password must contain:',
        rule_length: 'at least 8 characters',
        rule_lower: 'a lowercase letter',
        rule_upper: 'an uppercase letter',
        rule_digit: 'a digit',
        rule_met: 'met',
        rule_unmet: 'not met',
        show: 'Show the password',
      },
    },
    http: {
      network: 'The server does not answer. Check your connection.',
      bad_request: 'The request is not valid.',
      unknown_filter: 'This list has no such filter: remove it to show the list.',
      unknown_order: 'This list cannot be sorted on this column: choose another order.',
      page_too_large: 'This list does not show that many rows a page.',
      unauthorized: 'Your session has ended, please log in again.',
      forbidden: 'You do not have the rights this needs.',
      not_found: 'This item does not exist (any more).',
      conflict: 'Someone changed this item meanwhile: reload the page, nothing was overwritten.',
      conflict_stale: 'Someone changed this item while you were editing it. Reload to see its current version.',
      conflict_referenced: 'This item is still used by other items: remove or move them first.',
      conflict_active_version: 'This version is the active tree: activate another one before deleting it.',
      conflict_version_in_tree:
        "This version's root folder was filed into the tree: move it out before deleting the version.",
      too_large: 'The file is too large.',
      unsupported_type: 'This type of file is not accepted.',
      too_many_requests: 'Too many attempts: try again in a few minutes.',
      server_error: 'An error occurred on the server.',
    },
    validation: {
      blank: 'This field is required.',
      choice: 'This value is not one of the choices.',
      email: 'This e-mail address is not valid.',
      format: 'The format is not valid.',
      length: 'This text is too long.',
      range: 'This value is out of the allowed range.',
      reference: 'The chosen item does not exist.',
      type: 'This value is not of the right type.',
      unique: 'This value is already used.',
      encoding: 'Unreadable characters: save the file as UTF-8, then choose it again.',
      password: 'The password does not follow the rules below.',
      mismatch: 'The two passwords differ.',
      url: 'This web address is not valid.',
      https: 'Only secure (https://) addresses are accepted.',
      youtube: 'This address is not a YouTube video.',
      one_correct: 'Tick exactly one correct answer.',
      some_correct: 'Tick at least one correct answer.',
      exclusive: 'Fill in one of these fields, not both.',
      count: 'The number of items is out of the allowed range.',
      unexpected: 'This field is not expected here.',
      json: 'This text is not valid JSON.',
      unknown_variable: 'This template does not offer this variable: use those listed under the field.',
      current_password: 'The current password is wrong.',
      no_structure:
        'No structure chosen: first choose a structure in the top bar (only platform staff belong to no structure).',
      copy_too_large: `Too large to copy at once: a copy writes at most ${COPY_MAX_ROWS.toLocaleString('en-GB')} items (chapters, parts…). Copy its parts one by one.`,
      too_many_learners: `Too many people for one enrolment: at most ${ENROLMENT_MAX_LEARNERS.toLocaleString('en-GB')} at once. Split it.`,
      no_audience: 'Choose a tag or a skill: the rule enrols those who have it.',
    },
  },
};

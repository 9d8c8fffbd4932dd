import { describe, expect, it } from 'vitest';
import { browserOf } from '../../src/custom/people/browserOf';
import {
  renderTemplate,
  sampleVariables,
  templateFamily,
  templateVariables,
  unknownVariables,
} from '../../src/domain/templateVariables';

describe('template variables', () => {
  it('finds the family of a code through its channel and locale suffixes', () => {
    expect(templateFamily('ticket_reply_fr')).toBe('ticket_reply');
    expect(templateFamily('verification_code_sms_en')).toBe('verification_code');
    expect(templateFamily('ticket_treated_push_fr')).toBe('ticket_treated');
    expect(templateFamily('ticket_reply_test_fr')).toBe('ticket_reply');
    expect(templateFamily('something_else')).toBeUndefined();
  });

  it('offers the common variables to every code, and the family ones to its codes only', () => {
    expect(templateVariables('something_else')).toEqual(['firstName', 'lastName', 'platformName']);
    expect(templateVariables('ticket_reply_fr')).toContain('agentName');
    expect(templateVariables('verification_code_fr')).not.toContain('agentName');
  });

  it('names the unknown variables once each, spaces inside the braces allowed', () => {
    expect(unknownVariables('ticket_reply_fr', '{{ firstName }} {{nope}} {{nope}} {{code}}')).toEqual(['nope', 'code']);
    expect(unknownVariables('ticket_reply_fr', 'Bonjour {{firstName}}')).toEqual([]);
  });

  it('renders with the samples of each locale', () => {
    const text = '{{firstName}} : {{ticketStatus}}';
    expect(renderTemplate(text, sampleVariables('ticket_reply_fr', 'fr'))).toBe('Camille : traité');
    expect(renderTemplate(text, sampleVariables('ticket_reply_fr', 'en'))).toBe('Camille : treated');
  });
});

describe('browserOf', () => {
  it('names the browser and the system of a User-Agent', () => {
    expect(
      browserOf('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36'),
    ).toBe('Chrome (Linux)');
    expect(browserOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0')).toBe(
      'Firefox (Windows)',
    );
    expect(
      browserOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari (iOS)');
    expect(browserOf(null)).toBe('—');
  });
});

import { describe, expect, it } from 'vitest';
import type { ScreensConfig } from '../../src/custom/crud/fieldSpec';
import { valueAt, without } from '../../src/custom/crud/FilterDrawer';
import { PHONE_LINE_FACTS, phoneLineOf, titleSources } from '../../src/custom/crud/phoneLine';
import { pairTitle } from '../../src/custom/crud/ReferencePairTitle';
import { screensOf } from '../../src/custom/crud/screensOf';
import { courses, tickets } from '../../src/domain/contracts';
import { resources } from '../../src/resources';

/**
 * A list's line on a phone is derived from its columns and its record's title: the status column, then the
 * first other columns that the title does not already show and that read on a line; a resource's screens
 * name its facts and status where that reads poorly.
 */

const sourcesOf = (specs: readonly { source: string }[]) => specs.map((spec) => spec.source);
const lineOf = (config: ScreensConfig, representation: unknown) =>
  phoneLineOf(
    config.fields,
    config.fields.filter((spec) => spec.column),
    representation,
    config.phoneLine,
  );

describe('titleSources', () => {
  it('reads the fields a record title shows, from a name, a function or an element', () => {
    expect(titleSources('subject')).toEqual(['subject']);
    expect(
      titleSources(
        (user: { firstName?: string; lastName?: string }) => `${user.firstName ?? ''} ${user.lastName ?? ''}`,
      ),
    ).toEqual(['firstName', 'lastName']);
    const pair = pairTitle({
      first: { source: 'user', reference: 'users' },
      second: { source: 'course', reference: 'courses' },
    });
    expect(titleSources(pair)).toEqual(['user', 'course']);
    // A function that fails on a missing value still told what it read; its id is not a field of the line.
    expect(titleSources((entry: { id: number; at: { length: number } }) => `${entry.at.length} #${entry.id}`)).toEqual([
      'at',
    ]);
    expect(titleSources(undefined)).toEqual([]);
  });
});

describe('phoneLineOf', () => {
  it('derives the status column and the first columns the title does not show, without the record dates', () => {
    const config = screensOf(courses, {
      fields: [
        { source: 'title', column: true },
        { source: 'description', column: true },
        { source: 'status', choiceGroup: 'courseStatus', column: true },
        { source: 'publishedAt', column: true },
        { source: 'isTemplate', column: true },
        { source: 'updatedAt', column: true },
        { source: 'language' },
      ],
    });
    const line = lineOf(config, 'title');
    expect(sourcesOf(line.status)).toEqual(['status']);
    // The description is a long text, the title is the line's title, updatedAt the record's own date.
    expect(sourcesOf(line.facts)).toEqual(['publishedAt', 'isTemplate']);
  });

  it(`keeps at most ${PHONE_LINE_FACTS} facts`, () => {
    const config = screensOf(tickets, {
      fields: ['subject', 'type', 'parent', 'author', 'priority', 'assignee'].map((source) => ({
        source: source as 'subject',
        column: true,
      })),
    });
    expect(sourcesOf(lineOf(config, 'subject').facts)).toEqual(['type', 'parent', 'author']);
  });

  it('shows what the screens declare, fields that are not columns included', async () => {
    const { config } = await import('../../src/resources/tickets/screens');
    const line = lineOf(config, 'subject');
    expect(sourcesOf(line.facts)).toEqual(['parent', 'author']);
    expect(sourcesOf(line.status)).toEqual(['status', 'dueAt']);
    expect(() =>
      screensOf(tickets, { fields: [{ source: 'subject', column: true }], phoneLine: { facts: ['author'] } }),
    ).toThrow('The phone line of tickets shows "author", which its screens do not lay out.');
  });

  it('gives every generic list a line whose facts do not repeat its title', async () => {
    for (const resource of resources) {
      const list = resource.list as { screens?: () => Promise<{ config: ScreensConfig }> } | undefined;
      if (!list?.screens) continue;
      const { config } = await list.screens();
      const line = lineOf(config, resource.recordRepresentation);
      const title = titleSources(resource.recordRepresentation);
      expect(
        sourcesOf(line.facts).filter((source) => title.includes(source)),
        resource.name,
      ).toEqual([]);
      expect(line.facts.length, resource.name).toBeLessThanOrEqual(PHONE_LINE_FACTS);
    }
  });
});

describe("the filter drawer's chips", () => {
  it('reads and removes a filter, a nested one leaving no empty parent behind', () => {
    const filters = { q: 'excel', status: 'closed', followUpAt: { before: '2026-11-27T22:59:59.999Z' } };
    expect(valueAt(filters, 'followUpAt.before')).toBe('2026-11-27T22:59:59.999Z');
    expect(valueAt(filters, 'assignee.id')).toBeUndefined();
    expect(without(filters, 'status')).toEqual({ q: 'excel', followUpAt: filters.followUpAt });
    expect(without(filters, 'followUpAt.before')).toEqual({ q: 'excel', status: 'closed' });
    expect(without({ at: { after: 'a', before: 'b' } }, 'at.before')).toEqual({ at: { after: 'a' } });
  });
});

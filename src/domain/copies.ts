/**
 * The most rows one deep copy may write (a chapter with its parts; a module with its tags, chapters, parts
 * and the unlocks between them...). A copy is one request, one write of its author's budget, yet it can
 * write thousands of rows: its size is bounded on its own. The server counts what a copy would write before
 * writing anything and refuses beyond this (422, the violation code below, on no field).
 */
export const COPY_MAX_ROWS = 2000;

/** The code of the violation refusing a copy beyond COPY_MAX_ROWS; the back-office translates it. */
export const COPY_TOO_LARGE = 'copy_too_large';

/**
 * A copy spends one write of its author's budget (docs/SECURITY.md) per this many rows it writes: many
 * copies of large modules are as bounded as many small writes.
 */
export const COPY_ROWS_PER_WRITE = 100;

/** The writes a copy of `rows` rows spends. */
export const copyCost = (rows: number) => Math.max(1, Math.ceil(rows / COPY_ROWS_PER_WRITE));

/**
 * An import (a course's zip, an XMind map) spends, beyond its rows' cost as a copy, one write of its author's
 * budget per this many bytes it stores (files, sheets' text): the disk one fills by importing is bounded as
 * their writes are.
 */
export const IMPORT_BYTES_PER_WRITE = 1024 * 1024;

/** The writes storing `bytes` of an import spends. */
export const importedBytesCost = (bytes: number) => Math.ceil(bytes / IMPORT_BYTES_PER_WRITE);

/**
 * A stock-take and its count lines as both adapters store them (snake_case columns) and the shapes
 * the rest of the server uses: the rules' `StocktakeState` and `CountLine`, the wire's summary and
 * line. One mapping, so SQLite and PostgreSQL agree (as item-row.ts does for items).
 */
import type { StocktakeLine, StocktakeSummary } from '../../protocol/schemas';
import type { CountLine } from '../core/stocktake-apply';
import type { StocktakeState, StocktakeStatus } from '../core/stocktake-decide';

export interface StocktakeColumns {
  id: string;
  name: string;
  place_id: string;
  /** SQLite stores 0/1, PostgreSQL a boolean. */
  blind: boolean | number;
  status: StocktakeStatus;
}

/** A stock-take as the list reads it: its columns, who started it and its two counts. */
export interface StocktakeListColumns extends StocktakeColumns {
  started_at: number;
  started_by_name: string;
  scope: number;
  counted: number;
}

/** A count line with the name of the person who counted. */
export interface LineColumns {
  operation_id: string;
  item_id: string;
  user_id: string;
  user_name: string;
  counted: number;
  based_on_revision: number;
  recorded_at: number;
}

export function toState(row: StocktakeColumns): StocktakeState {
  return {
    id: row.id,
    name: row.name,
    placeId: row.place_id,
    blind: row.blind === true || row.blind === 1,
    status: row.status,
  };
}

export function toSummary(row: StocktakeListColumns): StocktakeSummary {
  return {
    ...toState(row),
    startedAt: new Date(row.started_at).toISOString(),
    startedBy: row.started_by_name,
    scope: row.scope,
    counted: row.counted,
  };
}

export function toCountLine(row: LineColumns): CountLine {
  return {
    userId: row.user_id,
    itemId: row.item_id,
    counted: row.counted,
    basedOnRevision: row.based_on_revision,
  };
}

export function toWireLine(row: LineColumns): StocktakeLine {
  return {
    operationId: row.operation_id,
    itemId: row.item_id,
    userName: row.user_name,
    counted: row.counted,
    basedOnRevision: row.based_on_revision,
    recordedAt: new Date(row.recorded_at).toISOString(),
  };
}

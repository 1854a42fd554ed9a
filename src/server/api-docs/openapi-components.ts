/** The named schemas of the OpenAPI document (`#/components/schemas/<name>`), by name. */
import type { z } from 'zod';
import * as wire from '../../protocol/schemas';
import { Diagnostics } from '../observability/diagnostics';

/** Every named schema of the document, by component name. */
export const COMPONENTS = {
  SessionRequest: wire.SessionRequest,
  SessionResponse: wire.SessionResponse,
  User: wire.User,
  Account: wire.Account,
  AccountsResponse: wire.AccountsResponse,
  NewAccountRequest: wire.NewAccountRequest,
  AccountChangeRequest: wire.AccountChangeRequest,
  LeaseRequest: wire.LeaseRequest,
  LeaseResponse: wire.LeaseResponse,
  Lease: wire.Lease,
  Op: wire.Op,
  AdjustOp: wire.AdjustOp,
  CountOp: wire.CountOp,
  CreateItemOp: wire.CreateItemOp,
  UpdateItemOp: wire.UpdateItemOp,
  ItemChanges: wire.ItemChanges,
  ArchiveItemOp: wire.ArchiveItemOp,
  OperationBody: wire.OperationBody,
  BatchBody: wire.BatchBody,
  BatchResponse: wire.BatchResponse,
  BatchResult: wire.BatchResult,
  Receipt: wire.Receipt,
  OperationStatus: wire.OperationStatus,
  Item: wire.Item,
  ItemsResponse: wire.ItemsResponse,
  HistoryEntry: wire.HistoryEntry,
  HistoryResponse: wire.HistoryResponse,
  Problem: wire.Problem,
  FieldError: wire.FieldError,
  Diagnostics,
  FaultRule: wire.FaultRule,
  ArmedFault: wire.ArmedFault,
  ArmedFaults: wire.ArmedFaults,
  CleanupResult: wire.CleanupResult,
  ClockRequest: wire.ClockRequest,
  ClockState: wire.ClockState,
  TimelineEvent: wire.TimelineEvent,
  TimelineResponse: wire.TimelineResponse,
} as const satisfies Record<string, z.core.$ZodType>;
export type Component = keyof typeof COMPONENTS;

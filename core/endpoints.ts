import type { z } from 'zod';
import type { accountEndpoints } from './accounts/endpoints';
import type { activityEndpoints } from './activity/endpoints';
import type { assistantEndpoints } from './assistant/endpoints';
import type { authEndpoints } from './auth/endpoints';
import type { borrowingEndpoints } from './borrowing/endpoints';
import type { calendarEndpoints } from './calendar/endpoints';
import type { custodyEndpoints } from './custody/endpoints';
import type { Endpoint, Method } from './common/endpoint';
import type { dashboardEndpoints } from './dashboard/endpoints';
import type { departmentEndpoints } from './departments/endpoints';
import type { designationEndpoints } from './designations/endpoints';
import type { formEndpoints } from './forms/endpoints';
import type { countEndpoints } from './inventory/countEndpoints';
import type { inventoryEndpoints } from './inventory/endpoints';
import type { stockEndpoints } from './inventory/stockEndpoints';
import type { locationEndpoints } from './locations/endpoints';
import type { maintenanceEndpoints } from './maintenance/endpoints';
import type { pushEndpoints } from './push/endpoints';
import type { repairEndpoints } from './repairs/endpoints';
import type { reportEndpoints } from './reports/endpoints';
import type { scheduleEndpoints } from './schedule/endpoints';
import type { siteEndpoints } from './site/endpoints';
import type { tokenEndpoints } from './tokens/endpoints';
import type { webhookEndpoints } from './webhooks/endpoints';

/** Every domain's endpoint table: the API in one type (the browser's calls are typed from it). */
type Tables =
  | typeof accountEndpoints
  | typeof activityEndpoints
  | typeof assistantEndpoints
  | typeof authEndpoints
  | typeof borrowingEndpoints
  | typeof calendarEndpoints
  | typeof custodyEndpoints
  | typeof countEndpoints
  | typeof dashboardEndpoints
  | typeof designationEndpoints
  | typeof departmentEndpoints
  | typeof formEndpoints
  | typeof inventoryEndpoints
  | typeof locationEndpoints
  | typeof maintenanceEndpoints
  | typeof pushEndpoints
  | typeof repairEndpoints
  | typeof reportEndpoints
  | typeof scheduleEndpoints
  | typeof siteEndpoints
  | typeof stockEndpoints
  | typeof tokenEndpoints
  | typeof webhookEndpoints;

type ValuesOf<T> = T extends unknown ? T[keyof T] : never;
/** Any one operation of the API. */
export type ApiEndpoint = ValuesOf<Tables>;

/** The paths that answer a method. */
export type ApiPath<M extends Method> = Extract<ApiEndpoint, { method: M }>['path'];
/** The operation at a method and path. */
export type EndpointAt<M extends Method, P> = Extract<ApiEndpoint, { method: M; path: P }>;

type Success<R> = R extends { 200: infer S } ? S : R extends { 201: infer S } ? S : R extends { 204: infer S } ? S : never;
type Parsed<S> = S extends z.ZodType ? z.output<S> : never;
type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** What a successful call answers. */
export type AnswerOf<E extends Endpoint> = Parsed<Success<E['schema']['response']>>;

/**
 * The parts of an address as a call may give them: the address is text, so a free-text part (an id's digits) may be
 * given as a number, which the call writes as its digits.
 */
type AddressInput<T> = { [K in keyof T]: string extends T[K] ? T[K] | number : T[K] };

/** What a call sends besides its path: the path's parameters, its query and its body, each where it has one. */
export type PartsOf<E extends Endpoint> = (E['schema'] extends { params: infer S } ? { params: AddressInput<Input<S>> } : unknown) &
  (E['schema'] extends { querystring: infer S } ? { query?: Partial<AddressInput<Input<S>>> } : unknown) &
  (E['schema'] extends { body: infer S } ? { body: Input<S> } : unknown);

/** The parts as arguments: optional when the operation needs none. */
export type PartsArgs<E extends Endpoint> = object extends PartsOf<E> ? [parts?: PartsOf<E>] : [parts: PartsOf<E>];

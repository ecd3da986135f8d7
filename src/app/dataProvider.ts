/**
 * The react-admin data provider, on the contract-typed API client. Each resource lists what it
 * implements (src/resources/<name>/data.ts); anything else rejects with a Spanish HttpError.
 */
import type {
  CreateParams,
  CreateResult,
  DataProvider,
  DeleteParams,
  DeleteResult,
  GetListParams,
  GetListResult,
  GetManyParams,
  GetManyResult,
  GetOneParams,
  GetOneResult,
  RaRecord,
  UpdateParams,
  UpdateResult,
} from "react-admin";
import { audit, outbox } from "../resources/audit";
import { contacts } from "../resources/contacts";
import { logbook, logbookParts } from "../resources/logbook";
import { matches } from "../resources/matches";
import { reportRuns } from "../resources/reportRuns";
import { seasons } from "../resources/seasons";
import { roles, users } from "../resources/users";
import { type ResourceHandlers, type Signal, unavailable } from "../client/data/resourceHandlers";

const handlers = { seasons, users, roles, contacts, audit, outbox, logbook, logbookParts, matches, reportRuns };
type ResourceName = keyof typeof handlers;

const isResourceName = (resource: string): resource is ResourceName => Object.hasOwn(handlers, resource);

/** A resource's handlers under react-admin's common record type. */
const handlersFor = (resource: string): ResourceHandlers<RaRecord> => {
  if (!isResourceName(resource)) throw unavailable(resource);
  return handlers[resource];
};

/** The casts below are the single place where a contract record becomes react-admin's caller-chosen `RecordType`. */
export const dataProvider: DataProvider = {
  supportAbortSignal: true,

  async getList<RecordType extends RaRecord>(resource: string, params: GetListParams & Signal) {
    const handler = handlersFor(resource).getList;
    if (!handler) throw unavailable(resource);
    return (await handler(params)) as GetListResult<RecordType>;
  },

  async getOne<RecordType extends RaRecord>(resource: string, params: GetOneParams<RecordType> & Signal) {
    const handler = handlersFor(resource).getOne;
    if (!handler) throw unavailable(resource);
    return (await handler(params)) as GetOneResult<RecordType>;
  },

  async getMany<RecordType extends RaRecord>(resource: string, params: GetManyParams<RecordType> & Signal) {
    const handler = handlersFor(resource).getMany;
    if (!handler) throw unavailable(resource);
    return (await handler(params)) as GetManyResult<RecordType>;
  },

  async create<RecordType extends Omit<RaRecord, "id">, ResultRecordType extends RaRecord = RecordType & RaRecord>(
    resource: string,
    params: CreateParams<RecordType>,
  ) {
    const handler = handlersFor(resource).create;
    if (!handler) throw unavailable(resource);
    return (await handler(params)) as CreateResult<ResultRecordType>;
  },

  async update<RecordType extends RaRecord>(resource: string, params: UpdateParams<RecordType>) {
    const handler = handlersFor(resource).update;
    if (!handler) throw unavailable(resource);
    return (await handler(params)) as UpdateResult<RecordType>;
  },

  async delete<RecordType extends RaRecord>(resource: string, params: DeleteParams<RecordType>) {
    const handler = handlersFor(resource).delete;
    if (!handler) throw unavailable(resource);
    return (await handler(params)) as DeleteResult<RecordType>;
  },

  async getManyReference(resource) {
    throw unavailable(resource);
  },
  async updateMany(resource) {
    throw unavailable(resource);
  },
  async deleteMany(resource) {
    throw unavailable(resource);
  },
};

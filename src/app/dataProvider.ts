/**
 * The react-admin data provider, on the contract-typed API client. Each resource lists what it
 * implements (src/resources/<name>/data.ts, through the room's index.ts); anything else rejects with a Spanish HttpError.
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
import { type ResourceHandlers, type Signal, unavailable } from "../client/data/resourceHandlers";

/**
 * Each resource's handlers, from its room's front door, loaded when first asked for: only the
 * lazy views call the data provider, so the shell's own code carries no room (a front door also
 * exports the room's lists, which would otherwise land in the shell's eager chunk).
 */
const handlers = {
  seasons: () => import("../resources/seasons").then((room) => room.seasons),
  users: () => import("../resources/users").then((room) => room.users),
  roles: () => import("../resources/users").then((room) => room.roles),
  contacts: () => import("../resources/contacts").then((room) => room.contacts),
  audit: () => import("../resources/audit").then((room) => room.audit),
  outbox: () => import("../resources/audit").then((room) => room.outbox),
  logbook: () => import("../resources/logbook").then((room) => room.logbook),
  logbookParts: () => import("../resources/logbook").then((room) => room.logbookParts),
  matches: () => import("../resources/matches").then((room) => room.matches),
  reportRuns: () => import("../resources/reportRuns").then((room) => room.reportRuns),
  justificationReasons: () => import("../resources/justificationReasons").then((room) => room.justificationReasons),
};
type ResourceName = keyof typeof handlers;

const isResourceName = (resource: string): resource is ResourceName => Object.hasOwn(handlers, resource);

/** A resource's handlers under react-admin's common record type. */
const handlersFor = async (resource: string): Promise<ResourceHandlers<RaRecord>> => {
  if (!isResourceName(resource)) throw unavailable(resource);
  return await handlers[resource]();
};

/** The casts below are the single place where a contract record becomes react-admin's caller-chosen `RecordType`. */
export const dataProvider: DataProvider = {
  supportAbortSignal: true,

  async getList<RecordType extends RaRecord>(resource: string, params: GetListParams & Signal) {
    const handler = (await handlersFor(resource)).getList;
    if (!handler) throw unavailable(resource);
    return (await handler(params)) as GetListResult<RecordType>;
  },

  async getOne<RecordType extends RaRecord>(resource: string, params: GetOneParams<RecordType> & Signal) {
    const handler = (await handlersFor(resource)).getOne;
    if (!handler) throw unavailable(resource);
    return (await handler(params)) as GetOneResult<RecordType>;
  },

  async getMany<RecordType extends RaRecord>(resource: string, params: GetManyParams<RecordType> & Signal) {
    const handler = (await handlersFor(resource)).getMany;
    if (!handler) throw unavailable(resource);
    return (await handler(params)) as GetManyResult<RecordType>;
  },

  async create<RecordType extends Omit<RaRecord, "id">, ResultRecordType extends RaRecord = RecordType & RaRecord>(
    resource: string,
    params: CreateParams<RecordType>,
  ) {
    const handler = (await handlersFor(resource)).create;
    if (!handler) throw unavailable(resource);
    return (await handler(params)) as CreateResult<ResultRecordType>;
  },

  async update<RecordType extends RaRecord>(resource: string, params: UpdateParams<RecordType>) {
    const handler = (await handlersFor(resource)).update;
    if (!handler) throw unavailable(resource);
    return (await handler(params)) as UpdateResult<RecordType>;
  },

  async delete<RecordType extends RaRecord>(resource: string, params: DeleteParams<RecordType>) {
    const handler = (await handlersFor(resource)).delete;
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

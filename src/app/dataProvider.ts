/**
 * The react-admin data provider: every resource is one the contract describes (`x-resource`,
 * src/generated/resources.ts) and goes through the one generic provider; a name the contract
 * does not know, or an action it does not describe, rejects with a Spanish HttpError.
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
import { type Signal, unavailable } from "../client/data/resourceHandlers";

/**
 * The generic provider and the registry, loaded when first asked for: only the lazy views call
 * the data provider, so the shell's own chunk carries neither.
 */
const provider = async (resource: string) => {
  const { contractResources, isContractResource } = await import("../client/data/contractProvider");
  if (!isContractResource(resource)) throw unavailable(resource);
  return contractResources;
};

/** The casts below are the single place where a contract record becomes react-admin's caller-chosen `RecordType`. */
export const dataProvider: DataProvider = {
  supportAbortSignal: true,

  async getList<RecordType extends RaRecord>(resource: string, params: GetListParams & Signal) {
    return (await (await provider(resource)).getList(resource, params)) as GetListResult<RecordType>;
  },

  async getOne<RecordType extends RaRecord>(resource: string, params: GetOneParams<RecordType> & Signal) {
    return (await (await provider(resource)).getOne(resource, params)) as GetOneResult<RecordType>;
  },

  async getMany<RecordType extends RaRecord>(resource: string, params: GetManyParams<RecordType> & Signal) {
    return (await (await provider(resource)).getMany(resource, params)) as GetManyResult<RecordType>;
  },

  async create<RecordType extends Omit<RaRecord, "id">, ResultRecordType extends RaRecord = RecordType & RaRecord>(
    resource: string,
    params: CreateParams<RecordType>,
  ) {
    return (await (await provider(resource)).create(resource, params)) as CreateResult<ResultRecordType>;
  },

  async update<RecordType extends RaRecord>(resource: string, params: UpdateParams<RecordType>) {
    return (await (await provider(resource)).update(resource, params)) as UpdateResult<RecordType>;
  },

  async delete<RecordType extends RaRecord>(resource: string, params: DeleteParams<RecordType>) {
    return (await (await provider(resource)).delete(resource, params)) as DeleteResult<RecordType>;
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

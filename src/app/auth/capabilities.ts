import { usePermissions } from "react-admin";
import { type AccessRole, CAPABILITIES, type Capability, isRoleName } from "../../generated/access";
import type { components } from "../../generated/openapi";

type RoleName = components["schemas"]["RoleName"];

/** Whether `role` holds `capability` in the contract's one role table (src/generated/access). */
export const hasCapability = (role: RoleName | null | undefined, capability: Capability): boolean => {
  if (!role) return false;
  const roles: readonly AccessRole[] = CAPABILITIES[capability];
  return roles.includes(role);
};

/** The signed-in user's role (from authProvider.getPermissions), and whether it is still loading. */
export const useRole = (): { role: RoleName | undefined; isPending: boolean } => {
  const { permissions, isPending } = usePermissions<unknown>();
  return { role: isRoleName(permissions) ? permissions : undefined, isPending };
};

/** `capability → held?` for the signed-in user. */
export const useCapability = (capability: Capability): boolean => {
  const { role } = useRole();
  return hasCapability(role, capability);
};

import { usePermissions } from "react-admin";
import { type Capability, hasCapability, isRoleName } from "../../generated/access";
import type { components } from "../../generated/openapi";

type RoleName = components["schemas"]["RoleName"];

/** Whether `role` holds `capability` in the contract's one role table (src/generated/access). */
export { hasCapability };

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

import { useQueryClient } from "@tanstack/react-query";
import { Loading, useTranslate } from "react-admin";
import { AccessDenied } from "./AccessDenied";
import { ComingSoon } from "./ComingSoon";
import { hasCapability, useRole } from "../../client/auth/capabilities";
import type { ViewDefinition } from "../views";
import { usePageTitle } from "../../client/ui/usePageTitle";

/** One view's route: page title, the role check for typed URLs, then the view or its placeholder. */
export const ViewRoute = ({ view }: { view: ViewDefinition }) => {
  const translate = useTranslate();
  const { role, isPending } = useRole();
  const queryClient = useQueryClient();
  usePageTitle(view.labelKey);

  if (isPending) return <Loading />;
  if (!hasCapability(role, view.capability)) return <AccessDenied />;
  // The view's first read leaves with its code's download, not after it (idempotent: a read kept
  // or on its way is not asked again).
  view.prefetch?.(queryClient);
  const View = view.component;
  if (View) return <View />;
  return (
    <ComingSoon
      title={translate(view.labelKey)}
      subtitle={view.subtitleKey ? translate(view.subtitleKey) : undefined}
      message={translate("slotdesk.coming_soon.view")}
    />
  );
};

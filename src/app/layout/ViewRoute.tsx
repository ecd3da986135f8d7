import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
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
  const allowed = !isPending && hasCapability(role, view.capability);
  // The view's first read leaves as the route opens, while its code loads (issue 35); once per
  // visit, and idempotent (the side menu's click may have started it already).
  const [readStarted, setReadStarted] = useState(false);
  if (allowed && !readStarted) {
    setReadStarted(true);
    view.prefetch?.(queryClient);
  }

  if (isPending) return <Loading />;
  if (!allowed) return <AccessDenied />;
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

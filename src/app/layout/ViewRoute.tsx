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
  usePageTitle(view.labelKey);

  if (isPending) return <Loading />;
  if (!hasCapability(role, view.capability)) return <AccessDenied />;
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

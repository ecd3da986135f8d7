import { NotFound } from "react-admin";
import { usePageTitle } from "../../client/ui/usePageTitle";

/** Any path that is no view: react-admin's "not found" page, in Spanish, inside the shell. */
export const NotFoundPage = () => {
  usePageTitle("ra.page.not_found");
  return <NotFound />;
};

import { useEffect } from "react";
import { useTranslate } from "../i18n/translate";

/** Sets the document title to '{page} - Slotdesk' (seed 000 §1) while the calling page is shown. */
export const usePageTitle = (pageKey: string): void => {
  const translate = useTranslate();
  const title = translate("slotdesk.app.page_title", { page: translate(pageKey) });
  useEffect(() => {
    document.title = title;
  }, [title]);
};

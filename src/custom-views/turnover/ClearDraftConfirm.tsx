/**
 * The question before emptying a draft from the bulk menu (seed 000 §8): what will be lost. Loaded
 * when first asked (not part of Entrega de turno's first load).
 */
import { Confirm, useTranslate } from "react-admin";
import { type DraftKind } from "../../domain/turnover";
import { DRAFT_NAME_KEYS } from "../drafts";
import "../../client/i18n/draftsTexts";

export default function ClearDraftConfirm({
  kind,
  count,
  onConfirm,
  onClose,
}: {
  kind: DraftKind;
  count: number;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  return (
    <Confirm
      isOpen
      title="slotdesk.turnover.bulk.clear"
      content="slotdesk.turnover.bulk.clear_confirm"
      translateOptions={{ draft: translate(DRAFT_NAME_KEYS[kind]) }}
      contentTranslateOptions={{ draft: translate(DRAFT_NAME_KEYS[kind]), smart_count: count }}
      confirm="slotdesk.drafts.confirm.accept"
      cancel="slotdesk.drafts.confirm.cancel"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

// On a subscription's page in the admin: its payments, what of each can still be returned, and the refund form
// (src/lib/billing/record/refund.ts does the refund; the form posts to /api/subscriptions/:id/refund). Admins refund; an
// editor is told to ask one.
import type { FieldServerComponent } from "payload";

import { isAdminUser, isStaff } from "../../../collections/access/roles";
import { adminTranslator } from "@/lib/admin/adminMessages";
import { adminDateTime } from "@/lib/admin/adminText";
import { formatMoney, formatRubles, rublesInput } from "@/lib/billing/rules/pricing";
import { refundablePayments } from "@/lib/billing/record/refund";

import { RefundForm } from "./RefundForm";

export const SubscriptionRefund: FieldServerComponent = async ({
  id,
  payload,
  i18n,
  req,
}) => {
  if (typeof id !== "number" || !isStaff(req.user)) return null;
  const language = i18n.language === "en" ? "en" : "ru";
  const t = adminTranslator(language);
  if (!isAdminUser(req.user)) {
    return (
      <div
        className="field-type subscription-refund"
        data-testid="subscription-refund"
      >
        <h4>{t("refund.title")}</h4>
        <p className="field-description">{t("refund.adminsOnly")}</p>
      </div>
    );
  }
  const all = await refundablePayments(payload, id);
  const payments = all
    .filter((payment) =>
      payment.stars
        ? !payment.stars.refunded
        : payment.amountKopecks > payment.refundedKopecks,
    )
    .map((payment) =>
      payment.stars
        ? {
            // Telegram Stars: the whole payment, through Telegram.
            reference: payment.reference,
            label: t("refund.paymentOption", {
              date: adminDateTime(payment.occurredAt, language),
              amount: formatMoney(payment.stars.amount, "XTR", language),
              refunded: "none",
            }),
            remaining: "",
            remainingText: formatMoney(payment.stars.amount, "XTR", language),
            whole: true,
          }
        : {
            reference: payment.reference,
            label: t("refund.paymentOption", {
              date: adminDateTime(payment.occurredAt, language),
              amount: formatRubles(payment.amountKopecks, language),
              refunded:
                payment.refundedKopecks > 0
                  ? formatRubles(payment.refundedKopecks, language)
                  : "none",
            }),
            remaining: rublesInput(
              payment.amountKopecks - payment.refundedKopecks,
              language,
            ),
            remainingText: formatRubles(
              payment.amountKopecks - payment.refundedKopecks,
              language,
            ),
            whole: false,
          },
    );
  return (
    <div
      className="field-type subscription-refund"
      data-testid="subscription-refund"
    >
      <h4>{t("refund.title")}</h4>
      <RefundForm
        subscriptionId={id}
        payments={payments}
        texts={{
          hint: t("refund.hint"),
          wholeHint: t("refund.starsHint"),
          payment: t("refund.payment"),
          amount: t("refund.amount"),
          submit: t("refund.submit"),
          confirm: t("refund.confirm", { amount: "{amount}" }),
          none: t("refund.none"),
        }}
      />
    </div>
  );
};

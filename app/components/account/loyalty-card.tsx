// The loyalty card in the account (decision 0020): a member sees their member number (grouped to
// read out at a till), their points (decision 0031) and what membership gives; anyone else the benefits and one button to join,
// a plain form posted to /account/loyalty that works without JavaScript.
import { Form } from "../ui/router-link.tsx";
import { type LoyaltyBenefit, groupedMemberNumber } from "../../../lib/loyalty.ts";
import type { LoyaltyView } from "../../../server/loyalty/service.ts";
import { useT } from "../../lib/i18n.ts";

export function LoyaltyCard({ loyalty }: { loyalty: LoyaltyView }) {
  const t = useT();
  const { membership, benefits } = loyalty;
  const benefitList = (
    <>
      <h3 className="mt-4 text-sm font-semibold">{t("loyalty.benefits")}</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {benefits.map((key: LoyaltyBenefit) => (
          <li key={key}>{t(`loyalty.benefit.${key}`)}</li>
        ))}
      </ul>
    </>
  );
  return (
    <section aria-labelledby="loyalty-title" id="loyalty" className="rounded-lg border border-line p-5">
      <h2 id="loyalty-title" className="text-xl font-semibold">
        {t("loyalty.title")}
      </h2>
      {membership ? (
        <>
          <p className="mt-2 text-sm text-muted">{t("loyalty.memberLead")}</p>
          <dl className="mt-4 rounded-md bg-mist p-4">
            <dt className="text-sm text-muted">{t("loyalty.memberNumber")}</dt>
            <dd className="mt-1 font-mono text-2xl font-semibold tracking-wider tabular-nums" data-member-number={membership.member_number}>
              {groupedMemberNumber(membership.member_number)}
            </dd>
            <dd className="mt-1 text-sm text-muted">
              {t("loyalty.since", {
                date: new Date(membership.joined_at).toLocaleDateString("fi-FI", { timeZone: "Europe/Helsinki" }),
              })}
            </dd>
            <dt className="mt-3 text-sm text-muted">{t("loyalty.points")}</dt>
            <dd className="mt-1 text-xl font-semibold tabular-nums" data-loyalty-points={membership.points}>
              {membership.points.toLocaleString("fi-FI")}
            </dd>
          </dl>
          <p className="mt-2 text-sm text-muted">{t("loyalty.pointsNote")}</p>
          {benefitList}
        </>
      ) : (
        <>
          <p className="mt-2 text-sm">{t("loyalty.lead")}</p>
          {benefitList}
          <Form method="post" action="/account/loyalty" className="mt-4">
            <button type="submit" className="rounded-full bg-accent px-6 py-3 font-medium text-white hover:bg-accent-dark">
              {t("loyalty.join")}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}

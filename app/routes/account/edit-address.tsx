// The address book (spec §2 /account/edit/address): the saved addresses, the default shipping
// address marked; add one, edit (`?edit=<id>`), remove, make default. The checkout's address
// fields and rules (app/components/checkout/fields.tsx, lib/checkout.ts) in plain forms, so
// it works without JavaScript. Behind login (the account layout's guards); private.
import { data, redirect, useActionData, useLocation } from "react-router";
import { Form, Link } from "../../components/ui/router-link.tsx";
import type { ErrorDetail } from "../../../lib/errors/format.ts";
import { addressOf, changeAddress, saveAddress } from "../../../server/customers/profile-forms.ts";
import { ownerOf } from "../../../server/identity.ts";
import { AccountNotices } from "../../components/account/notices.tsx";
import { AddressFields, FormMessage, TextField } from "../../components/checkout/fields.tsx";
import type { Message } from "../../components/checkout/form-state.ts";
import { PostalAddress } from "../../components/checkout/postal-address.tsx";
import { Screen } from "../../components/ui/screen.tsx";
import { shopContext } from "../../context.ts";
import { useT } from "../../lib/i18n.ts";
import type { Route } from "./+types/edit-address.ts";

const PAGE = "/account/edit/address";

export async function loader({ context, request }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const addresses = await shop.services.addresses.list(ownerOf(await shop.shopper));
  const editing = Number(new URL(request.url).searchParams.get("edit"));
  const { config } = shop.store;
  return {
    addresses,
    // Only one of the customer's own: any other id shows the form for a new address.
    editing: addresses.find((a) => a.id === editing) ?? null,
    countries: config.countries.map((c) => ({ id: c.id, full_name_locale: c.full_name_locale })),
    defaultCountry: config.default_country_id,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const shopper = await shop.shopper;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  if (intent === "delete" || intent === "default") {
    const outcome = await changeAddress(shop.services, shopper, form, intent === "delete" ? "remove" : "default");
    if (outcome.ok) throw redirect(`${PAGE}?notice=${intent === "delete" ? "addressDeleted" : "defaultAddressSet"}`);
    return data({ intent, errors: outcome.errors, values: null, id: null }, { status: outcome.status });
  }
  const outcome = await saveAddress(shop.services, shopper, form);
  if (outcome.ok) throw redirect(`${PAGE}?notice=addressSaved`);
  const values = { ...addressOf(form), default_shipping: form.get("default_shipping") !== null ? "on" : "" };
  return data({ intent: "save", errors: outcome.errors, values, id: String(form.get("id") ?? "") }, { status: outcome.status });
}

const messages = (errors: Record<string, ErrorDetail> | undefined): Record<string, Message> =>
  Object.fromEntries(Object.entries(errors ?? {}).map(([name, error]) => [name, { error }]));

export default function EditAddress({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const result = useActionData<typeof action>();
  const { key } = useLocation();
  const { addresses, editing, countries, defaultCountry } = loaderData;
  const saving = result?.intent === "save" ? result : undefined;
  const errors = messages(saving?.errors);
  const listError = result && result.intent !== "save" ? result.errors.form : undefined;
  // The form edits the address it was sent for (kept over a refusal), else the one in the address.
  const editId = saving ? saving.id : editing ? String(editing.id) : "";
  const value = (name: string): string => {
    if (saving?.values) return saving.values[name as keyof typeof saving.values] ?? "";
    const saved = editing?.[name as keyof typeof editing];
    return typeof saved === "string" ? saved : "";
  };
  const makeDefault = saving?.values ? saving.values.default_shipping === "on" : (editing?.default_shipping ?? false);

  return (
    <Screen title={t("account.address.title")} lead={t("account.address.lead")}>
      <AccountNotices />
      {listError ? <FormMessage message={{ error: listError }} /> : null}
      <section aria-labelledby="address-list-title">
        <h2 id="address-list-title" className="text-xl font-semibold">
          {t("account.address.list")}
        </h2>
        {addresses.length === 0 ? (
          <p className="mt-3 text-muted">{t("account.address.none")}</p>
        ) : (
          <ul className="mt-4 grid gap-4 lg:grid-cols-2">
            {addresses.map((address) => (
              <li key={address.id} className="flex flex-col gap-3 rounded-md border border-line p-4 text-sm">
                {address.default_shipping ? (
                  <p className="self-start rounded-full bg-mist px-3 py-1 text-xs font-semibold">{t("account.address.default")}</p>
                ) : null}
                <PostalAddress address={address} extra={[address.vat_id, address.telephone]} />
                <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                  <Link
                    to={`${PAGE}?edit=${address.id}#address-form-title`}
                    aria-label={t("account.address.editLabel", { street: address.street })}
                    className="underline"
                  >
                    {t("account.address.edit")}
                  </Link>
                  {address.default_shipping ? null : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="default" />
                      <input type="hidden" name="id" value={address.id} />
                      <button
                        type="submit"
                        aria-label={t("account.address.makeDefaultLabel", { street: address.street })}
                        className="underline"
                      >
                        {t("account.address.makeDefault")}
                      </button>
                    </Form>
                  )}
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="id" value={address.id} />
                    <button
                      type="submit"
                      aria-label={t("account.address.deleteLabel", { street: address.street })}
                      className="text-sale underline"
                    >
                      {t("account.address.delete")}
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="address-form-title" className="mt-10 max-w-2xl">
        <h2 id="address-form-title" className="text-xl font-semibold">
          {editId ? t("account.address.editTitle") : t("account.address.addTitle")}
        </h2>
        <Form key={`${key}-${editId}`} method="post" noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="save" />
          {editId ? <input type="hidden" name="id" value={editId} /> : null}
          {errors.form ? (
            <div className="sm:col-span-2">
              <FormMessage message={errors.form} />
            </div>
          ) : null}
          <AddressFields section="shipping" value={value} errors={errors} countries={countries} defaultCountry={defaultCountry} />
          <TextField
            id="address-company"
            name="company"
            autoComplete="shipping organization"
            label={t("account.address.business")}
            defaultValue={value("company")}
            error={errors.company}
            maxLength={100}
          />
          <TextField
            id="address-vat-id"
            name="vat_id"
            autoComplete="off"
            label={t("account.address.vatId")}
            hint={t("account.address.vatIdHint")}
            defaultValue={value("vat_id")}
            error={errors.vat_id}
            maxLength={40}
          />
          <label className="flex items-start gap-3 text-sm sm:col-span-2">
            <input type="checkbox" name="default_shipping" defaultChecked={makeDefault} className="mt-0.5 size-5 shrink-0 accent-accent" />
            {t("account.address.useAsDefault")}
          </label>
          <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
            <button type="submit" className="rounded-full bg-accent px-6 py-3 font-medium text-white hover:bg-accent-dark">
              {t("account.address.save")}
            </button>
            {editId ? (
              <Link to={PAGE} className="underline">
                {t("account.address.cancel")}
              </Link>
            ) : null}
          </div>
        </Form>
      </section>
    </Screen>
  );
}

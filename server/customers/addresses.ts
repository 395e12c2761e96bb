// A customer's address book (spec §2 /account/edit/address; decision 0018): the checkout's
// address (lib/checkout.ts fields and rules, the store's countries), at most
// ADDRESS_BOOK_MAX of them, one the default shipping address. The owner is required on every
// method; a guest is 401 and another customer's address is 404, as one that does not exist.
import { and, asc, desc, eq } from "drizzle-orm";
import {
  type Address,
  type AddressField,
  addressProblems,
  cleanAddress,
  type ShippingAddressInput,
  sameAddress,
} from "../../lib/checkout.ts";
import { inputProblem } from "../../lib/errors/input.ts";
import type { Store } from "../catalog/reference.ts";
import type { Db } from "../db/client.ts";
import { type CustomerAddressRow, customerAddresses, customers } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { Owner } from "../identity.ts";
import { customerIdOf } from "./profile.ts";
import type { AccountExecutor } from "./repository.ts";

/** (decision) Enough for home, work, a summer cottage and the family; a bound on what one account stores. */
export const ADDRESS_BOOK_MAX = 20;

/** A saved address as the API and the pages show it. */
export interface SavedAddress extends Address {
  id: number;
  /** The default shipping address: preselected at checkout. */
  default_shipping: boolean;
}

export type AddressInput = Partial<Record<Exclude<AddressField, "email">, string>>;

const ADDRESS_KEYS = ["firstname", "lastname", "company", "vat_id", "street", "postcode", "city", "country_code", "telephone"] as const;

function view(row: CustomerAddressRow): SavedAddress {
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    ...(row.company ? { company: row.company } : {}),
    ...(row.vatId ? { vat_id: row.vatId } : {}),
    street: row.street,
    postcode: row.postcode,
    city: row.city,
    country_code: row.countryCode,
    telephone: row.telephone,
    default_shipping: row.isDefault,
  };
}

/** The columns of a checked, cleaned address. */
function columns(address: Address) {
  return {
    firstname: address.firstname,
    lastname: address.lastname,
    company: address.company ?? null,
    vatId: address.vat_id ?? null,
    street: address.street,
    postcode: address.postcode,
    city: address.city,
    countryCode: address.country_code,
    telephone: address.telephone,
  };
}

function addressQueries(q: AccountExecutor) {
  const mine = (customerId: number, id: number) => and(eq(customerAddresses.id, id), eq(customerAddresses.customerId, customerId));
  return {
    list: (customerId: number) =>
      q
        .select()
        .from(customerAddresses)
        .where(eq(customerAddresses.customerId, customerId))
        .orderBy(desc(customerAddresses.isDefault), asc(customerAddresses.id)),
    async one(customerId: number, id: number) {
      const [row] = await q.select().from(customerAddresses).where(mine(customerId, id));
      return row;
    },
    /** Locks the customer's row: writes to one address book take turns (its size, its one default). */
    async lockBook(customerId: number) {
      const rows = await q.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for("update");
      if (rows.length === 0) throw new AppError(401, "not_logged_in");
    },
    async makeDefault(customerId: number, id: number, at: Date) {
      // The old default first: the partial unique index allows one at a time.
      await q
        .update(customerAddresses)
        .set({ isDefault: false, updatedAt: at })
        .where(and(eq(customerAddresses.customerId, customerId), eq(customerAddresses.isDefault, true)));
      await q.update(customerAddresses).set({ isDefault: true, updatedAt: at }).where(mine(customerId, id));
    },
    mine,
  };
}

export function createAddressBook({ db, clock = Date.now }: { db: Db; clock?: () => number }) {
  /** The address checked against the checkout's rules and the store's countries; cleaned as the checkout stores it. */
  function checked(store: Store, input: AddressInput): Address {
    const countries = store.config.countries.map((c) => c.id);
    const [problem] = addressProblems(input, countries, false);
    if (problem) throw new AppError(400, "invalid_input", { params: inputProblem(problem.problem), field: problem.field });
    const picked: Record<string, string> = {};
    for (const key of ADDRESS_KEYS) if (typeof input[key] === "string") picked[key] = input[key];
    return cleanAddress(picked) as unknown as Address;
  }

  const notFound = () => new AppError(404, "address_not_found");

  async function get(owner: Owner, id: number): Promise<SavedAddress> {
    const row = await addressQueries(db).one(customerIdOf(owner), id);
    if (!row) throw notFound();
    return view(row);
  }

  async function insert(customerId: number, address: Address, makeDefault: boolean): Promise<SavedAddress> {
    return db.transaction(async (tx) => {
      const q = addressQueries(tx);
      await q.lockBook(customerId);
      const book = await q.list(customerId);
      if (book.length >= ADDRESS_BOOK_MAX) throw new AppError(409, "address_book_full", { params: { max: ADDRESS_BOOK_MAX } });
      const at = new Date(clock());
      const [row] = await tx
        .insert(customerAddresses)
        .values({ customerId, ...columns(address), createdAt: at, updatedAt: at })
        .returning({ id: customerAddresses.id });
      const id = row?.id as number;
      // The first address is the default: a customer with addresses always has one preselected.
      if (makeDefault || book.length === 0) await q.makeDefault(customerId, id, at);
      return view((await q.one(customerId, id)) as CustomerAddressRow);
    });
  }

  return {
    /** The default first, then in the order they were added. */
    async list(owner: Owner): Promise<SavedAddress[]> {
      return (await addressQueries(db).list(customerIdOf(owner))).map(view);
    },

    get,

    async add(owner: Owner, store: Store, input: AddressInput, options: { makeDefault?: boolean } = {}): Promise<SavedAddress> {
      const customerId = customerIdOf(owner);
      return insert(customerId, checked(store, input), options.makeDefault ?? false);
    },

    /** Replaces an address's fields; `makeDefault` makes it the default (false leaves the default where it is). */
    async update(owner: Owner, store: Store, id: number, input: AddressInput, options: { makeDefault?: boolean } = {}) {
      const customerId = customerIdOf(owner);
      const address = checked(store, input);
      return db.transaction(async (tx) => {
        const q = addressQueries(tx);
        await q.lockBook(customerId);
        const at = new Date(clock());
        const updated = await tx
          .update(customerAddresses)
          .set({ ...columns(address), updatedAt: at })
          .where(q.mine(customerId, id))
          .returning({ id: customerAddresses.id });
        if (updated.length === 0) throw notFound();
        if (options.makeDefault) await q.makeDefault(customerId, id, at);
        return view((await q.one(customerId, id)) as CustomerAddressRow);
      });
    },

    async setDefault(owner: Owner, id: number): Promise<SavedAddress> {
      const customerId = customerIdOf(owner);
      return db.transaction(async (tx) => {
        const q = addressQueries(tx);
        await q.lockBook(customerId);
        if (!(await q.one(customerId, id))) throw notFound();
        await q.makeDefault(customerId, id, new Date(clock()));
        return view((await q.one(customerId, id)) as CustomerAddressRow);
      });
    },

    /** Removes an address; when it was the default, the oldest one left becomes the default. Answers the book as it now is. */
    async remove(owner: Owner, id: number): Promise<SavedAddress[]> {
      const customerId = customerIdOf(owner);
      return db.transaction(async (tx) => {
        const q = addressQueries(tx);
        await q.lockBook(customerId);
        const [gone] = await tx
          .delete(customerAddresses)
          .where(q.mine(customerId, id))
          .returning({ isDefault: customerAddresses.isDefault });
        if (!gone) throw notFound();
        const left = await q.list(customerId);
        const next = left[0];
        if (gone.isDefault && next) await q.makeDefault(customerId, next.id, new Date(clock()));
        return (await q.list(customerId)).map(view);
      });
    },

    /**
     * The checkout's "save to my address book": the address is added unless the book holds the
     * same one already (then that one is answered).
     */
    async remember(owner: Owner, store: Store, input: AddressInput): Promise<SavedAddress> {
      const customerId = customerIdOf(owner);
      const address = checked(store, input);
      // The same address again (the checkout's "save" ticked twice) is not a copy.
      const existing = (await addressQueries(db).list(customerId)).map(view).find((a) => sameAddress(a, address));
      return existing ?? insert(customerId, address, false);
    },

    /** A saved address as the checkout's shipping address, with the account's email for the confirmation. */
    async shippingAddress(owner: Owner, id: number): Promise<ShippingAddressInput> {
      const customerId = customerIdOf(owner);
      const [row] = await db.select({ email: customers.email }).from(customers).where(eq(customers.id, customerId));
      if (!row) throw new AppError(401, "not_logged_in");
      const { id: _id, default_shipping: _default, ...address } = await get(owner, id);
      return { ...address, email: row.email };
    },
  };
}

export type AddressBook = ReturnType<typeof createAddressBook>;

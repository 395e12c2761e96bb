CREATE TABLE "pickup_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"carrier" text NOT NULL,
	"name" text NOT NULL,
	"street" text NOT NULL,
	"postcode" text NOT NULL,
	"city" text NOT NULL,
	"country_code" text DEFAULT 'FI' NOT NULL,
	"opening_hours" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "pickup_point_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_point" jsonb;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_pickup_point_id_pickup_points_id_fk" FOREIGN KEY ("pickup_point_id") REFERENCES "public"."pickup_points"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- Custom SQL (not generated): the demo's pickup points, as a carrier's list would be imported.
INSERT INTO "pickup_points" ("id", "carrier", "name", "street", "postcode", "city", "country_code", "opening_hours") VALUES
	(1, 'Posti', 'Pakettiautomaatti Kamppi', 'Urho Kekkosen katu 1', '00100', 'Helsinki', 'FI', '{"en": "24 hours a day", "fi": "ympäri vuorokauden"}'::jsonb),
	(2, 'Matkahuolto', 'Punavuoren Lähikauppa', 'Albertinkatu 12', '00120', 'Helsinki', 'FI', '{"en": "Mon–Fri 8–21, Sat 9–18, Sun 12–18", "fi": "ma–pe 8–21, la 9–18, su 12–18"}'::jsonb),
	(3, 'Posti', 'Esplanadin Kioski', 'Pohjoisesplanadi 9', '00130', 'Helsinki', 'FI', '{"en": "Mon–Sat 7–22, Sun 10–22", "fi": "ma–la 7–22, su 10–22"}'::jsonb),
	(4, 'Posti', 'Pakettiautomaatti Eira', 'Tehtaankatu 20', '00150', 'Helsinki', 'FI', '{"en": "24 hours a day", "fi": "ympäri vuorokauden"}'::jsonb),
	(5, 'Matkahuolto', 'Kruununhaan Lähikauppa', 'Liisankatu 8', '00170', 'Helsinki', 'FI', '{"en": "Mon–Fri 8–21, Sat 9–18, Sun 12–18", "fi": "ma–pe 8–21, la 9–18, su 12–18"}'::jsonb),
	(6, 'Posti', 'Pakettiautomaatti Ruoholahti', 'Itämerenkatu 11', '00180', 'Helsinki', 'FI', '{"en": "24 hours a day", "fi": "ympäri vuorokauden"}'::jsonb),
	(7, 'Posti', 'Töölöntorin Kioski', 'Sandelsinkatu 3', '00260', 'Helsinki', 'FI', '{"en": "Mon–Sat 7–22, Sun 10–22", "fi": "ma–la 7–22, su 10–22"}'::jsonb),
	(8, 'Posti', 'Pakettiautomaatti Sörnäinen', 'Hämeentie 29', '00500', 'Helsinki', 'FI', '{"en": "24 hours a day", "fi": "ympäri vuorokauden"}'::jsonb),
	(9, 'Matkahuolto', 'Kallion Kulmakauppa', 'Helsinginkatu 15', '00530', 'Helsinki', 'FI', '{"en": "Mon–Fri 8–21, Sat 9–18, Sun 12–18", "fi": "ma–pe 8–21, la 9–18, su 12–18"}'::jsonb),
	(10, 'Posti', 'Pakettiautomaatti Malmi', 'Kirkonkyläntie 2', '00700', 'Helsinki', 'FI', '{"en": "24 hours a day", "fi": "ympäri vuorokauden"}'::jsonb),
	(11, 'Matkahuolto', 'Herttoniemen Lähikauppa', 'Linnanrakentajantie 4', '00810', 'Helsinki', 'FI', '{"en": "Mon–Fri 8–21, Sat 9–18, Sun 12–18", "fi": "ma–pe 8–21, la 9–18, su 12–18"}'::jsonb),
	(12, 'Posti', 'Pakettiautomaatti Itäkeskus', 'Itäkatu 1', '00930', 'Helsinki', 'FI', '{"en": "24 hours a day", "fi": "ympäri vuorokauden"}'::jsonb),
	(13, 'Posti', 'Vuosaaren Kioski', 'Vuotie 45', '00980', 'Helsinki', 'FI', '{"en": "Mon–Sat 7–22, Sun 10–22", "fi": "ma–la 7–22, su 10–22"}'::jsonb),
	(14, 'Matkahuolto', 'Tikkurilan Asemakioski', 'Asematie 2', '01300', 'Vantaa', 'FI', '{"en": "Mon–Sat 7–22, Sun 10–22", "fi": "ma–la 7–22, su 10–22"}'::jsonb),
	(15, 'Posti', 'Pakettiautomaatti Tapiola', 'Tapiontori 1', '02100', 'Espoo', 'FI', '{"en": "24 hours a day", "fi": "ympäri vuorokauden"}'::jsonb),
	(16, 'Posti', 'Pakettiautomaatti Trio', 'Aleksanterinkatu 18', '15100', 'Lahti', 'FI', '{"en": "24 hours a day", "fi": "ympäri vuorokauden"}'::jsonb),
	(17, 'Posti', 'Pakettiautomaatti Kauppatori', 'Eerikinkatu 15', '20100', 'Turku', 'FI', '{"en": "24 hours a day", "fi": "ympäri vuorokauden"}'::jsonb),
	(18, 'Matkahuolto', 'Aurajoen Kioski', 'Läntinen Rantakatu 5', '20500', 'Turku', 'FI', '{"en": "Mon–Sat 7–22, Sun 10–22", "fi": "ma–la 7–22, su 10–22"}'::jsonb),
	(19, 'Posti', 'Nummen Lähikauppa', 'Nummenkatu 8', '20540', 'Turku', 'FI', '{"en": "Mon–Fri 8–21, Sat 9–18, Sun 12–18", "fi": "ma–pe 8–21, la 9–18, su 12–18"}'::jsonb),
	(20, 'Posti', 'Pakettiautomaatti Skanssi', 'Skanssinkatu 10', '20730', 'Turku', 'FI', '{"en": "24 hours a day", "fi": "ympäri vuorokauden"}'::jsonb),
	(21, 'Posti', 'Pakettiautomaatti Keskustori', 'Hämeenkatu 10', '33100', 'Tampere', 'FI', '{"en": "24 hours a day", "fi": "ympäri vuorokauden"}'::jsonb),
	(22, 'Matkahuolto', 'Pyynikin Lähikauppa', 'Pirkankatu 20', '33230', 'Tampere', 'FI', '{"en": "Mon–Fri 8–21, Sat 9–18, Sun 12–18", "fi": "ma–pe 8–21, la 9–18, su 12–18"}'::jsonb),
	(23, 'Posti', 'Kalevan Kioski', 'Sammonkatu 35', '33540', 'Tampere', 'FI', '{"en": "Mon–Sat 7–22, Sun 10–22", "fi": "ma–la 7–22, su 10–22"}'::jsonb),
	(24, 'Posti', 'Pakettiautomaatti Hervanta', 'Insinöörinkatu 23', '33720', 'Tampere', 'FI', '{"en": "24 hours a day", "fi": "ympäri vuorokauden"}'::jsonb),
	(25, 'Posti', 'Pakettiautomaatti Kompassi', 'Kauppakatu 20', '40100', 'Jyväskylä', 'FI', '{"en": "24 hours a day", "fi": "ympäri vuorokauden"}'::jsonb),
	(26, 'Matkahuolto', 'Torin Kioski', 'Puijonkatu 15', '70100', 'Kuopio', 'FI', '{"en": "Mon–Sat 7–22, Sun 10–22", "fi": "ma–la 7–22, su 10–22"}'::jsonb),
	(27, 'Posti', 'Pakettiautomaatti Rotuaari', 'Isokatu 20', '90100', 'Oulu', 'FI', '{"en": "24 hours a day", "fi": "ympäri vuorokauden"}'::jsonb),
	(28, 'Matkahuolto', 'Tuiran Kioski', 'Koskikeskuksentie 3', '90500', 'Oulu', 'FI', '{"en": "Mon–Sat 7–22, Sun 10–22", "fi": "ma–la 7–22, su 10–22"}'::jsonb),
	(29, 'Posti', 'Pakettiautomaatti Linnanmaa', 'Yliopistokatu 6', '90570', 'Oulu', 'FI', '{"en": "24 hours a day", "fi": "ympäri vuorokauden"}'::jsonb),
	(30, 'Matkahuolto', 'Lordin Aukion Kioski', 'Koskikatu 25', '96100', 'Rovaniemi', 'FI', '{"en": "Mon–Sat 7–22, Sun 10–22", "fi": "ma–la 7–22, su 10–22"}'::jsonb)
ON CONFLICT DO NOTHING;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('pickup_points', 'id'), (SELECT max(id) FROM "pickup_points"));

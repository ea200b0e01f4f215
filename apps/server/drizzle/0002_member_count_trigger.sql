-- A new account counts as a member in the same transaction that creates it, so the member
-- counter can never drift from the accounts that exist; sign-ins never touch it.
CREATE OR REPLACE FUNCTION count_new_member() RETURNS trigger AS $$
BEGIN
  INSERT INTO "member_count" ("id", "count") VALUES ('total', 1)
  ON CONFLICT ("id") DO UPDATE SET "count" = "member_count"."count" + 1;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_count_new_member" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_count_new_member" AFTER INSERT ON "users"
  FOR EACH ROW EXECUTE FUNCTION count_new_member();

CREATE TABLE "paid_order_daily_tallies" (
	"exam_year_id" integer NOT NULL,
	"day" date NOT NULL,
	"zone_id" integer NOT NULL,
	"state_id" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"orders" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "paid_order_daily_tallies_pkey" PRIMARY KEY("exam_year_id","day","state_id","currency","zone_id")
);
--> statement-breakpoint
-- Keeps paid_order_daily_tallies equal to the paid orders (decision 019): an order leaving
-- 'paid' (a refund) or changing its amount, day or school takes its old contribution away and
-- adds the new one. Orders are written one at a time (checkout, webhooks), so a row trigger.
CREATE FUNCTION paid_order_daily_tally() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'paid' THEN
    INSERT INTO paid_order_daily_tallies AS t (exam_year_id, day, zone_id, state_id, currency, orders, amount_minor)
    SELECT OLD.exam_year_id, (OLD.paid_at AT TIME ZONE 'Asia/Kolkata')::date, coalesce(sc.zone_id, 0),
      coalesce(sc.state_id, 0), OLD.currency, -1, -OLD.amount_minor
    FROM (SELECT) one LEFT JOIN schools sc ON sc.id = OLD.school_id
    ON CONFLICT (exam_year_id, day, state_id, currency, zone_id)
    DO UPDATE SET orders = t.orders + excluded.orders, amount_minor = t.amount_minor + excluded.amount_minor;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'paid' THEN
    INSERT INTO paid_order_daily_tallies AS t (exam_year_id, day, zone_id, state_id, currency, orders, amount_minor)
    SELECT NEW.exam_year_id, (NEW.paid_at AT TIME ZONE 'Asia/Kolkata')::date, coalesce(sc.zone_id, 0),
      coalesce(sc.state_id, 0), NEW.currency, 1, NEW.amount_minor
    FROM (SELECT) one LEFT JOIN schools sc ON sc.id = NEW.school_id
    ON CONFLICT (exam_year_id, day, state_id, currency, zone_id)
    DO UPDATE SET orders = t.orders + excluded.orders, amount_minor = t.amount_minor + excluded.amount_minor;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_orders_daily_tally AFTER INSERT OR DELETE
  OR UPDATE OF status, paid_at, amount_minor, currency, school_id, exam_year_id ON payment_orders
  FOR EACH ROW EXECUTE FUNCTION paid_order_daily_tally();
--> statement-breakpoint
INSERT INTO paid_order_daily_tallies (exam_year_id, day, zone_id, state_id, currency, orders, amount_minor)
SELECT o.exam_year_id, (o.paid_at AT TIME ZONE 'Asia/Kolkata')::date, coalesce(sc.zone_id, 0), coalesce(sc.state_id, 0),
  o.currency, count(*), sum(o.amount_minor)
FROM payment_orders o LEFT JOIN schools sc ON sc.id = o.school_id
WHERE o.status = 'paid'
GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
-- A school moved to another state or zone takes its paid orders' figures with it.
CREATE FUNCTION paid_order_daily_tally_school_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO paid_order_daily_tallies AS t (exam_year_id, day, zone_id, state_id, currency, orders, amount_minor)
  SELECT o.exam_year_id, (o.paid_at AT TIME ZONE 'Asia/Kolkata')::date, v.zone_id, v.state_id, o.currency,
    v.sign * count(*), v.sign * sum(o.amount_minor)
  FROM payment_orders o
  CROSS JOIN (VALUES (coalesce(OLD.zone_id, 0), coalesce(OLD.state_id, 0), -1),
                     (coalesce(NEW.zone_id, 0), coalesce(NEW.state_id, 0), 1)) v(zone_id, state_id, sign)
  WHERE o.school_id = NEW.id AND o.status = 'paid'
  GROUP BY 1, 2, 3, 4, 5, v.sign
  ON CONFLICT (exam_year_id, day, state_id, currency, zone_id)
  DO UPDATE SET orders = t.orders + excluded.orders, amount_minor = t.amount_minor + excluded.amount_minor;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER schools_paid_order_daily_tally AFTER UPDATE OF zone_id, state_id ON schools
  FOR EACH ROW WHEN (OLD.zone_id IS DISTINCT FROM NEW.zone_id OR OLD.state_id IS DISTINCT FROM NEW.state_id)
  EXECUTE FUNCTION paid_order_daily_tally_school_moved();

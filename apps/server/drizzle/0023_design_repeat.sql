-- A design's printed repeat in cm (decision 035): 75 for every design until its owner chooses one.
ALTER TABLE "designs" ADD COLUMN "repeat_cm" smallint DEFAULT 75 NOT NULL;

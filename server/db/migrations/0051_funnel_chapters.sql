-- The funnel's rows are figures a job counts again from the learners' data, not learners' data themselves:
-- a chapter retired from a course (purged once no learner's row names it) takes nothing of the funnel with it
-- and is simply not counted at the next refresh, so the funnel names its chapter without holding it.
ALTER TABLE learning_funnel DROP CONSTRAINT learning_funnel_chapter_id_fkey;

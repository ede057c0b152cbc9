SELECT
    *
FROM
    apalis.get_jobs($1, $2, $3)

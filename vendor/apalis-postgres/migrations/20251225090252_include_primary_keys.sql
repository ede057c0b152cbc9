ALTER TABLE apalis.jobs ADD PRIMARY KEY (id);
ALTER TABLE apalis.workers ADD PRIMARY KEY (id);

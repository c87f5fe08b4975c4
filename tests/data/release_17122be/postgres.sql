-- Ours: pg_dump of a database made by the release before accounts (commit 17122be),
-- tests/data/release_17122be/make.py; 'public.' qualifiers and the search_path line removed.
--
-- PostgreSQL database dump
--


-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: actions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE actions (
    room_id character varying(32) NOT NULL,
    number integer NOT NULL,
    seat integer NOT NULL,
    kind character varying(8) NOT NULL,
    action character varying(200),
    created_at timestamp without time zone NOT NULL
);


--
-- Name: records; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE records (
    room_id character varying(32) NOT NULL,
    game character varying(40) NOT NULL,
    options json NOT NULL,
    actions json NOT NULL,
    names json NOT NULL,
    scores json NOT NULL,
    winners json NOT NULL,
    finished_at timestamp without time zone NOT NULL
);


--
-- Name: rooms; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE rooms (
    id character varying(32) NOT NULL,
    game character varying(40) NOT NULL,
    options json NOT NULL,
    seed character varying(64) NOT NULL,
    status character varying(16) NOT NULL,
    host_hash character varying(64),
    created_at timestamp without time zone NOT NULL,
    updated_at timestamp without time zone NOT NULL
);


--
-- Name: seats; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE seats (
    room_id character varying(32) NOT NULL,
    seat integer NOT NULL,
    kind character varying(16) NOT NULL,
    bot character varying(64),
    name character varying(64) NOT NULL,
    token_hash character varying(64),
    claimed boolean NOT NULL
);


--
-- Data for Name: actions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO actions VALUES ('KcUhzY3P', 0, 0, 'act', 'A', '2026-11-30 23:11:06.568844');
INSERT INTO actions VALUES ('KcUhzY3P', 1, 1, 'act', 'a', '2026-11-30 23:11:06.711324');
INSERT INTO actions VALUES ('KcUhzY3P', 2, 0, 'act', 'B', '2026-11-30 23:11:06.809446');
INSERT INTO actions VALUES ('KcUhzY3P', 3, 1, 'act', 'a', '2026-11-30 23:11:06.97319');
INSERT INTO actions VALUES ('3scGVRjx', 0, 0, 'act', 'take:1', '2026-11-30 23:11:07.310895');
INSERT INTO actions VALUES ('3scGVRjx', 1, 1, 'act', 'take:1', '2026-11-30 23:11:07.499286');
INSERT INTO actions VALUES ('yFli0RRU', 0, 0, 'act', 'take:1', '2026-11-30 23:11:07.706965');
INSERT INTO actions VALUES ('yFli0RRU', 1, 1, 'act', 'take:1', '2026-11-30 23:11:07.776677');


--
-- Data for Name: records; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO records VALUES ('yFli0RRU', 'pile', '{"players": 2, "start": 2, "refill": false}', '["take:1", "take:1"]', '["Ana", "Bob"]', '[0, 1]', '[1]', '2026-11-30 23:11:07.791086');


--
-- Data for Name: rooms; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO rooms VALUES ('KcUhzY3P', 'bohnen', '{"players": 2, "capture_chain": "preceding", "max_laps": 100}', '98b48538900901e49ec59e702c4e0d2a', 'playing', 'e316dec525d9f14679986d66c239829ed9c69cc6f0b92547ac4112eac1080b5d', '2026-11-30 23:11:05.883309', '2026-11-30 23:11:06.97319');
INSERT INTO rooms VALUES ('3scGVRjx', 'pile', '{"players": 2, "start": 6, "refill": false}', '2fa3b69d8c8de1dd36110ddf0a0a8808', 'playing', 'd9b81ef8946b6da2ffea1a4399b9a50c70db5569d2522ec11b87023f79f45410', '2026-11-30 23:11:06.98821', '2026-11-30 23:11:07.499286');
INSERT INTO rooms VALUES ('yFli0RRU', 'pile', '{"players": 2, "start": 2, "refill": false}', 'd8199a2e3461d261aa52db925e106d15', 'finished', '4145ac02361224dc5f1b9e904897f80d796e125d46bcf4d4531e629254039b4d', '2026-11-30 23:11:07.526997', '2026-11-30 23:11:07.785805');


--
-- Data for Name: seats; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO seats VALUES ('KcUhzY3P', 0, 'person', NULL, 'Ana', 'e6868909bf2ab1d5222dcdb646e4a5c2686eea517b0d3fddc929d3c76537b790', true);
INSERT INTO seats VALUES ('KcUhzY3P', 1, 'person', NULL, 'Bob', '5a45fff6078be43c408d47363785d3a12702a781c6a83e33d4bfb2e91de686b6', true);
INSERT INTO seats VALUES ('3scGVRjx', 0, 'person', NULL, 'Ana', '412b5fe2daba86e5dbe4bff3aa823c48b366ac2de10b9f70428213be89946cf7', true);
INSERT INTO seats VALUES ('3scGVRjx', 1, 'person', NULL, 'Bob', '8d1b8f7cde308930d5b8c7c535cd75ba3b025c27108ada63c51c1a8223a66696', true);
INSERT INTO seats VALUES ('yFli0RRU', 0, 'person', NULL, 'Ana', 'f048ecafd3a4ce8aad34200f61113d091aed7e42978235242e7bd9a194e4e22f', true);
INSERT INTO seats VALUES ('yFli0RRU', 1, 'person', NULL, 'Bob', 'b6dfadb991f6e24d3f62fb4ec6eb74ccfef5ebfb77692b033c5f1b9c102a73b7', true);


--
-- Name: actions actions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY actions
    ADD CONSTRAINT actions_pkey PRIMARY KEY (room_id, number);


--
-- Name: records records_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY records
    ADD CONSTRAINT records_pkey PRIMARY KEY (room_id);


--
-- Name: rooms rooms_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY rooms
    ADD CONSTRAINT rooms_pkey PRIMARY KEY (id);


--
-- Name: seats seats_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY seats
    ADD CONSTRAINT seats_pkey PRIMARY KEY (room_id, seat);


--
-- Name: ix_records_finished_at; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_records_finished_at ON records USING btree (finished_at);


--
-- Name: ix_records_game; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_records_game ON records USING btree (game);


--
-- Name: ix_rooms_status; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_rooms_status ON rooms USING btree (status);


--
-- Name: actions actions_room_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY actions
    ADD CONSTRAINT actions_room_id_fkey FOREIGN KEY (room_id) REFERENCES rooms(id);


--
-- Name: records records_room_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY records
    ADD CONSTRAINT records_room_id_fkey FOREIGN KEY (room_id) REFERENCES rooms(id);


--
-- Name: seats seats_room_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY seats
    ADD CONSTRAINT seats_room_id_fkey FOREIGN KEY (room_id) REFERENCES rooms(id);


--
-- PostgreSQL database dump complete
--



// vexcrypt Montgomery co-processor core: A * B * R^-1 mod N for odd N, R = 2^(W*s),
// s = ceil(len / W) words, by a word-serial CIOS datapath (one W x W multiply-accumulate per
// cycle) with the operands in an operand memory inside the unit; a plain register/memory
// interface (core.py wraps it for LiteX). Commands, memory layout, error flags, latency:
// README.md beside this file; golden model: model.py.
//
// MUL schedule (cycle 0 is the first cycle after the edge that takes start): cycle 0 checks
// the request; 1 reads N[0]; 2 checks N odd and reads B[0]; from 3 one issue slot per cycle:
// for each of the s iterations a product pass of LP = max(s+1, 5) slots (A[j]*B[i] + t[j] for
// j = 0..s-1, with the m-product m = t[0] * ninv in slot 3 and the read of B[i+1] beside it;
// empty slots pad short passes) and a reduction pass of LR = max(s, 3) slots (m*N[j] + t[j])
// (the last one s slots). An issued operation reads its operand word (S0), the multiplier's
// inputs are registered (S1), the product is registered (S2), and it is accumulated with t[j]
// and the carry (S3); the top words are added (S4). In the last reduction pass T - N is
// formed a word behind (S4, its top word S5), then the result (T or T - N) is copied to slot r
// in s + 1 cycles.
//
// ADD/SUB schedule: cycles 0-2 as MUL's (check, N[0], N odd), the read of B[0] in cycle 2 the
// first of 3s reads B[j], A[j], N[j] on port B (S0); as they arrive (S1) T[j] = A[j] + B[j]
// + carry (SUB: A[j] + ~B[j] + carry, from 1) goes to tram, and D[j] = T[j] - N[j] - borrow
// (SUB: T[j] - ~N[j] - borrow, from 1, i.e. T + N) is formed by MUL's T - N stage (S4) into
// dram; the choice (D if T's carry or no borrow of D; SUB: D if no carry) is made as the last
// D word is, then the result is copied to slot r in s + 1 cycles: 4s + 5 cycles in all.
// The parameters are integers: LiteX's Instance passes sized constants (4'd8, 13'd4096), which an
// untyped parameter would keep, and SLOTS * MAX_BITS would overflow their 13 bits (at W = 64 the
// window's address shrank to one bit).
module mont_core #(
    parameter integer W        = 32,    // datapath word (bits): a multiple of 32
    parameter integer MAX_BITS = 4096,  // largest operand (bits): W * a power of two
    parameter integer SLOTS    = 8,     // operand memory: SLOTS slots of MAX_BITS (a power of two)
    // derived, not to be set: bus word address bits
    parameter integer MA       = $clog2(SLOTS * MAX_BITS / W) + $clog2(W / 32)
) (
    input  wire          clk,
    input  wire          rst,
    // command (sampled with start)
    input  wire          start,
    input  wire [3:0]    op,
    input  wire [15:0]   len,           // operand length in bits: 1 .. MAX_BITS
    input  wire [15:0]   slot_a,
    input  wire [15:0]   slot_b,
    input  wire [15:0]   slot_n,
    input  wire [15:0]   slot_r,
    // -N^-1 mod 2^W: written by the CPU (when idle) or by NINV
    input  wire          ninv_we,
    input  wire [W-1:0]  ninv_wdata,
    output reg  [W-1:0]  ninv,
    // status
    output reg           busy,
    output reg           done,
    output reg  [5:0]    err,
    // operand window: 32-bit words
    input  wire          mem_en,
    input  wire          mem_we,
    input  wire [3:0]    mem_be,        // byte enables of a write
    input  wire [MA-1:0] mem_addr,
    input  wire [31:0]   mem_wdata,
    output wire [31:0]   mem_rdata
);
    localparam MAXW  = MAX_BITS / W;                // words of the largest operand
    localparam DEPTH = SLOTS * MAXW;                // words of the operand memory
    localparam DA    = $clog2(DEPTH);               // word address bits
    localparam LANES = W / 32;                      // bus words per W-bit word
    localparam LA    = LANES > 1 ? $clog2(LANES) : 0;
    localparam LAW   = LANES > 1 ? LA : 1;           // bits of a lane index
    localparam TA    = $clog2(MAXW);                // tram/dram address bits
    localparam JB    = DA + 1;                      // bits of a word index or count (0 .. MAXW)
    localparam LGB   = $clog2(DA + 1);              // bits of log2(stride)
    localparam LW    = $clog2(W);

    localparam [3:0] OP_MUL = 4'd1, OP_NINV = 4'd2, OP_ADD = 4'd3, OP_SUB = 4'd4;
    localparam E_BUSY = 0, E_OP = 1, E_LEN = 2, E_SLOT = 3, E_MOD = 4, E_NINV = 5;

    // Pipeline operation kinds.
    localparam [1:0] K_NOP = 2'd0, K_PMAC = 2'd1, K_MOP = 2'd2, K_RMAC = 2'd3;

    localparam [2:0] S_IDLE = 3'd0, S_CHECK = 3'd1, S_PRO = 3'd2, S_RUN = 3'd3, S_FIN = 3'd4,
                     S_COPY = 3'd5, S_NINV = 3'd6, S_AS = 3'd7;

    // ---------------------------------------------------------------- operand memory
    // LANES banks of 32-bit words; port A is the bus's (one lane), port B the datapath's (all).
    wire          pb_we;
    wire [DA-1:0] pb_addr;
    wire [W-1:0]  pb_wdata;
    wire [W-1:0]  rdb;                              // port B read data (the cycle after)
    wire [W-1:0]  rda;                              // port A read data, every lane
    reg  [LAW-1:0] pa_lane_q;
    wire [LAW-1:0] pa_lane;
    wire [DA-1:0] pa_addr = mem_addr[MA-1:LA];
    generate
        if (LANES > 1) begin : g_lane
            assign pa_lane = mem_addr[LA-1:0];
        end else begin : g_nolane
            assign pa_lane = 1'b0;
        end
    endgenerate

    // Each bank is four byte-wide memories with one write port per side: a true dual-port block
    // RAM (yosys maps a 32-bit memory with per-byte write ports to flip-flops). no_rw_check: the
    // ports never meet on one word in one cycle in correct use (the bus must not write a running
    // command's operands, README.md), so the RAM's collision behaviour does not matter.
    genvar gl, gb;
    generate
        for (gl = 0; gl < LANES; gl = gl + 1) begin : g_bank
            for (gb = 0; gb < 4; gb = gb + 1) begin : g_byte
                (* no_rw_check *) reg [7:0] bank [0:DEPTH-1];
                reg [7:0] ra, rb;
                always @(posedge clk) begin
                    if (mem_en) begin
                        if (mem_we && mem_be[gb] && pa_lane == gl)
                            bank[pa_addr] <= mem_wdata[8 * gb +: 8];
                        ra <= bank[pa_addr];
                    end
                end
                always @(posedge clk) begin
                    if (pb_we)
                        bank[pb_addr] <= pb_wdata[32 * gl + 8 * gb +: 8];
                    rb <= bank[pb_addr];
                end
                assign rda[32 * gl + 8 * gb +: 8] = ra;
                assign rdb[32 * gl + 8 * gb +: 8] = rb;
            end
        end
    endgenerate
    always @(posedge clk)
        if (mem_en)
            pa_lane_q <= pa_lane;
    assign mem_rdata = rda[32 * pa_lane_q +: 32];

    // ---------------------------------------------------------------- T and T - N
    // t[0 .. s-2] (and t[s-1] between a product pass and its reduction) live in tram; the top
    // word t[s-1] after a reduction in t_top, t[s] in ts, t[s+1] (one bit) in ts1. dram gets
    // T - N word by word during the last reduction.
    reg  [W-1:0]  tram [0:MAXW-1];
    reg  [W-1:0]  dram [0:MAXW-1];
    wire          t_we, d_we;
    wire [TA-1:0] t_wa, d_wa;
    wire [W-1:0]  t_wd, d_wd;
    wire [TA-1:0] t_ra;
    reg  [W-1:0]  trd, drd;
    always @(posedge clk) begin
        if (t_we)
            tram[t_wa] <= t_wd;
        trd <= tram[t_ra];
    end
    always @(posedge clk) begin
        if (d_we)
            dram[d_wa] <= d_wd;
        drd <= dram[t_ra];
    end

    // ---------------------------------------------------------------- command registers
    reg  [2:0]    state;
    reg  [3:0]    op_q;
    reg  [15:0]   len_q, sa_q, sb_q, sn_q, sr_q;
    reg  [JB-1:0] s;                                // words
    reg  [JB-1:0] sm1;                              // s - 1
    reg  [JB-1:0] lp, lr;                           // pass lengths - 1
    reg  [DA-1:0] base_a, base_b, base_n, base_r;

    // Request checks (cycle 0, from the latched request).
    wire [15:0]   len_m1 = len_q - 16'd1;
    wire          len_ok = len_q != 16'd0 && {16'd0, len_q} <= MAX_BITS;
    wire [15:0]   s_c = (len_m1 >> LW) + 16'd1;     // ceil(len / W) when len_ok
    reg  [LGB-1:0] lg_c;                            // ceil(log2 s): the largest l with s > 2^(l-1)
    integer       li;
    always @* begin
        lg_c = {LGB{1'b0}};
        for (li = 1; li <= DA; li = li + 1)
            if (s_c > (16'd1 << (li - 1)))
                lg_c = li[LGB-1:0];
    end
    wire [16:0]   nslots = 17'd1 << (DA[LGB-1:0] - lg_c);    // slots at this length
    wire          a_ok = {1'b0, sa_q} < nslots, b_ok = {1'b0, sb_q} < nslots;
    wire          n_ok = {1'b0, sn_q} < nslots, r_ok = {1'b0, sr_q} < nslots;
    wire          op_ok = op_q == OP_MUL || op_q == OP_NINV || op_q == OP_ADD || op_q == OP_SUB;
    wire          op_abr = op_q == OP_MUL || op_q == OP_ADD || op_q == OP_SUB;   // uses a, b, r
    wire          slot_bad = len_ok && (op_abr ? !(a_ok && b_ok && n_ok && r_ok) :
                                        op_q == OP_NINV ? !n_ok : 1'b0);
    wire          op_as = op_q == OP_ADD || op_q == OP_SUB;
    wire          op_sub = op_q == OP_SUB;
    wire [DA-1:0] sa_w = sa_q[DA-1:0], sb_w = sb_q[DA-1:0], sn_w = sn_q[DA-1:0], sr_w = sr_q[DA-1:0];

    // ---------------------------------------------------------------- issue sequencer
    reg  [JB-1:0] it;                               // iteration i
    reg           ph;                               // 0: product pass, 1: reduction pass
    reg  [JB-1:0] idx;                              // slot in the pass
    reg  [JB-1:0] cj;                               // copy index
    reg           copy_v;                           // a copy read is in flight
    reg  [JB-1:0] cj_q;
    reg           take_d;                           // the result is T - N

    // What the current RUN slot issues.
    wire          in_run = state == S_RUN;
    wire [JB-1:0] pj = idx < 3 ? idx : idx - 1'b1; // product pass: A word of the slot
    wire          is_mop = in_run && !ph && idx == 3;
    wire          is_pmac = in_run && !ph && idx != 3 && pj < s;
    wire          is_rmac = in_run && ph && idx < s;
    wire [JB-1:0] ij = ph ? idx : pj;
    wire          bnext = is_mop && it != sm1;      // read B[i+1] beside the m-product
    wire          pro_b = state == S_PRO && idx == 1 && op_q == OP_MUL && rdb[0];
    wire          last_it = it == sm1;

    // ADD/SUB reads: word aj of B, A, N as ap = 0, 1, 2 (B[0] in the prologue's cycle 2).
    reg  [JB-1:0] aj;
    reg  [1:0]    ap;
    wire          as_rd = state == S_AS || (state == S_PRO && idx == 1 && op_as);
    wire [DA-1:0] as_addr = (ap == 2'd1 ? base_a : ap == 2'd2 ? base_n : base_b) + aj[DA-1:0];

    // Port B: reads while running (and the prologue's N[0], B[0]), writes while copying (the
    // word read from tram/dram the cycle before).
    assign pb_we = copy_v && !ninv_bad;
    assign pb_wdata = take_d ? drd : cj_q == sm1 && !op_as ? t_top : trd;   // ADD/SUB: T all in tram
    assign pb_addr = copy_v ? base_r + cj_q[DA-1:0] :
                     state == S_PRO ? (idx == 0 ? base_n : base_b) :
                     state == S_AS ? as_addr :
                     is_mop ? base_b + it[DA-1:0] + 1'b1 :
                     ph ? base_n + ij[DA-1:0] : base_a + ij[DA-1:0];

    // ---------------------------------------------------------------- pipeline
    // Tags per stage: kind, word index, iteration-0 (t = 0), last iteration, reads B.
    reg  [1:0]    k1, k2, k3;
    reg  [JB-1:0] j1, j2, j3;
    reg           z1, z2, z3, f1, f2, f3, b1;
    reg  [W-1:0]  X, Y, n3;
    reg  [2*W-1:0] P;
    reg  [W-1:0]  C;                                // carry of the running pass
    reg  [W-1:0]  t0;                               // t[0] after the product pass: m's operand
    reg  [W-1:0]  m;
    reg  [W-1:0]  b_cur, b_next;
    reg  [W-1:0]  t_top, ts;
    reg           ts1;
    reg           ptail, rtail, rfin;               // S4: a pass's top words; the last one
    reg           dq;                               // S4: a word of T - N
    reg  [W-1:0]  dt, dn;
    reg  [TA-1:0] dj;
    reg           bor;                              // borrow of T - N
    reg  [W-1:0]  nlast;                            // N[j] of the last RMAC accumulated
    reg           ftail;                            // S5: the top word of T - N, the choice
    reg           ninv_bad;
    // ADD/SUB (S1): the tags of the word read a cycle ago, T's carry; afin: S4 holds the last
    // word of D. X holds the word read two cycles ago (B[j] as A[j] arrives), T[j] goes to dt.
    reg           a1;
    reg  [1:0]    ap1;
    reg  [JB-1:0] aj1;
    reg           cy, afin;

    assign t_ra = state == S_COPY ? cj[TA-1:0] : j2[TA-1:0];

    // S3: the multiply-accumulate.
    wire          s3_pmac = k3 == K_PMAC, s3_rmac = k3 == K_RMAC, s3_mop = k3 == K_MOP;
    wire [W-1:0]  tin = s3_pmac && z3 ? {W{1'b0}} : s3_pmac && j3 == sm1 ? t_top : trd;
    wire [W-1:0]  cin = j3 == 0 ? {W{1'b0}} : C;
    wire [2*W-1:0] sum = P + {{W{1'b0}}, tin} + {{W{1'b0}}, cin};
    // S4: top words.
    wire [W:0]    tsum = {1'b0, ts} + {1'b0, C};
    // T - N.
    wire [W:0]    dsub = {1'b0, dt} - {1'b0, dn} - {{W{1'b0}}, bor};
    wire [W:0]    fsub = {1'b0, t_top} - {1'b0, nlast} - {{W{1'b0}}, bor};
    // tram is written at S3's edge (a PMAC's t[j], an RMAC's t[j-1]), dram at S4's (T - N a
    // word behind) or S5's (its top word).
    // ADD/SUB write T[j] to tram as N[j] arrives (S1).
    wire          as_tw = a1 && ap1 == 2'd2;
    assign t_we = s3_pmac || (s3_rmac && j3 != 0) || as_tw;
    assign t_wa = as_tw ? aj1[TA-1:0] : s3_pmac ? j3[TA-1:0] : j3[TA-1:0] - 1'b1;
    assign t_wd = as_tw ? dt : sum[W-1:0];
    assign d_we = dq || ftail;
    assign d_wa = ftail ? sm1[TA-1:0] : dj;
    assign d_wd = ftail ? fsub[W-1:0] : dsub[W-1:0];

    // NINV: bit-serial -N^-1 mod 2^W.
    reg  [W-1:0]  nv, nn;
    reg  [W-2:0]  nx;                               // the bits found so far, shifted in at the top
    reg  [LW-1:0] nk;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [W:0]    nvs = {1'b0, nv} + {1'b0, nn};    // bit 0 is dropped (the step's shift)
    /* verilator lint_on UNUSEDSIGNAL */
    wire          nbit = !nv[0];

    always @(posedge clk) begin
        if (rst) begin
            state <= S_IDLE;
            busy <= 1'b0;
            done <= 1'b0;
            err <= 6'd0;
            ninv <= {W{1'b0}};
            k1 <= K_NOP; k2 <= K_NOP; k3 <= K_NOP;
            b1 <= 1'b0;
            ptail <= 1'b0; rtail <= 1'b0; dq <= 1'b0; ftail <= 1'b0;
            a1 <= 1'b0; afin <= 1'b0;
            copy_v <= 1'b0;
        end else begin

            // -------- requests
            if (start && busy)
                err[E_BUSY] <= 1'b1;
            if (ninv_we) begin
                if (busy)
                    err[E_BUSY] <= 1'b1;
                else
                    ninv <= ninv_wdata;
            end

            case (state)
            S_IDLE:
                if (start && !busy) begin           // busy: the copy's last write
                    op_q <= op; len_q <= len;
                    sa_q <= slot_a; sb_q <= slot_b; sn_q <= slot_n; sr_q <= slot_r;
                    busy <= 1'b1;
                    done <= 1'b0;
                    err <= 6'd0;
                    state <= S_CHECK;
                end
            S_CHECK: begin
                s <= s_c[JB-1:0];
                sm1 <= s_c[JB-1:0] - 1'b1;
                lp <= s_c > 16'd4 ? s_c[JB-1:0] : 4;          // LP - 1 = max(s + 1, 5) - 1
                lr <= s_c > 16'd3 ? s_c[JB-1:0] - 1'b1 : 2;   // LR - 1 = max(s, 3) - 1
                base_a <= sa_w << lg_c;
                base_b <= sb_w << lg_c;
                base_n <= sn_w << lg_c;
                base_r <= sr_w << lg_c;
                idx <= {JB{1'b0}};
                aj <= {JB{1'b0}};
                ap <= 2'd0;
                if (!op_ok || !len_ok || slot_bad) begin
                    err[E_OP] <= !op_ok;
                    err[E_LEN] <= !len_ok;
                    err[E_SLOT] <= slot_bad;
                    busy <= 1'b0;
                    done <= 1'b1;
                    state <= S_IDLE;
                end else
                    state <= S_PRO;
            end
            S_PRO: begin
                // idx 0: N[0] is read; idx 1: it is checked, B[0] read (pro_b: a B read).
                idx <= idx + 1'b1;
                it <= {JB{1'b0}};
                ph <= 1'b0;
                ts <= {W{1'b0}};
                ts1 <= 1'b0;
                t_top <= {W{1'b0}};
                bor <= op_sub;                      // SUB's D = T - ~N - 1 = T + N mod R
                cy <= op_sub;                       // SUB's T = A + ~B + 1
                ninv_bad <= 1'b0;
                if (idx == 1) begin
                    idx <= {JB{1'b0}};
                    nn <= rdb;
                    nv <= {W{1'b0}};
                    nk <= {LW{1'b0}};
                    if (!rdb[0]) begin
                        err[E_MOD] <= 1'b1;
                        busy <= 1'b0;
                        done <= 1'b1;
                        state <= S_IDLE;
                    end else
                        state <= op_q == OP_MUL ? S_RUN : op_as ? S_AS : S_NINV;
                end
            end
            S_RUN: begin
                idx <= idx + 1'b1;
                if (!ph && idx == lp) begin
                    ph <= 1'b1;
                    idx <= {JB{1'b0}};
                end
                if (ph && (last_it ? idx == sm1 : idx == lr)) begin
                    ph <= 1'b0;
                    idx <= {JB{1'b0}};
                    it <= it + 1'b1;
                    if (last_it)
                        state <= S_FIN;
                end
            end
            S_AS:                                   // after N[s-1] is read, S_FIN waits for afin
                if (ap == 2'd2 && aj == sm1)
                    state <= S_FIN;
            S_FIN: begin                            // the pipeline drains; ftail/afin start the copy
                cj <= {JB{1'b0}};
                if (ftail || afin)
                    state <= S_COPY;
            end
            S_COPY: begin                           // read T/T-N word cj, write it the cycle after
                cj <= cj + 1'b1;
                if (cj == sm1)
                    state <= S_IDLE;
            end
            S_NINV: begin
                nk <= nk + 1'b1;
                nv <= nbit ? nvs[W:1] : nv >> 1;
                nx <= {nbit, nx[W-2:1]};
                if (nk == W[LW-1:0] - 1'b1) begin
                    ninv <= {nbit, nx};
                    busy <= 1'b0;
                    done <= 1'b1;
                    state <= S_IDLE;
                end
            end
            default: state <= S_IDLE;
            endcase

            // -------- copy: the word read a cycle ago is written (pb_we); the last one ends it
            copy_v <= state == S_COPY;
            cj_q <= cj;
            if (copy_v) begin
                if (cj_q == sm1) begin
                    busy <= 1'b0;
                    done <= 1'b1;
                    err[E_NINV] <= ninv_bad;
                end
            end

            // -------- S0 -> S1: the issued operation
            k1 <= is_pmac ? K_PMAC : is_mop ? K_MOP : is_rmac ? K_RMAC : K_NOP;
            j1 <= ij;
            z1 <= it == 0;
            f1 <= last_it;
            b1 <= bnext || pro_b;

            // -------- S1: the multiplier's inputs
            if (b1)
                b_next <= rdb;
            k2 <= k1; j2 <= j1; z2 <= z1; f2 <= f1;
            X <= k1 == K_MOP ? t0 : rdb ^ {W{op_sub}};     // SUB's ~B (0 while MUL runs)
            case (k1)
            K_PMAC: Y <= j1 == 0 ? b_next : b_cur;
            K_MOP:  Y <= ninv;
            default: Y <= s3_mop ? P[W-1:0] : m;
            endcase
            if (k1 == K_PMAC && j1 == 0)
                b_cur <= b_next;

            // -------- S2: the product
            k3 <= k2; j3 <= j2; z3 <= z2; f3 <= f2;
            P <= X * Y;
            n3 <= X;

            // -------- S3: accumulate
            ptail <= s3_pmac && j3 == sm1;
            rtail <= s3_rmac && j3 == sm1;
            rfin <= f3;
            dq <= 1'b0;
            if (s3_mop)
                m <= P[W-1:0];
            if (s3_pmac) begin
                C <= sum[2*W-1:W];
                if (j3 == 0)
                    t0 <= sum[W-1:0];
            end
            if (s3_rmac) begin
                C <= sum[2*W-1:W];
                nlast <= n3;
                if (j3 == 0) begin
                    if (sum[W-1:0] != {W{1'b0}})
                        ninv_bad <= 1'b1;
                end else begin
                    dq <= f3;
                    dt <= sum[W-1:0];
                    dn <= nlast;
                    dj <= j3[TA-1:0] - 1'b1;
                end
            end

            // -------- ADD/SUB: S0 (reads), S1 (T; T - N's operands to S4)
            if (as_rd) begin
                ap <= ap == 2'd2 ? 2'd0 : ap + 1'b1;
                if (ap == 2'd2)
                    aj <= aj + 1'b1;
            end
            a1 <= as_rd;
            ap1 <= ap;
            aj1 <= aj;
            afin <= 1'b0;
            if (a1) begin
                case (ap1)
                2'd1: {cy, dt} <= {1'b0, rdb} + {1'b0, X} + {{W{1'b0}}, cy};
                2'd2: begin
                    dq <= 1'b1;
                    dn <= rdb ^ {W{op_sub}};
                    dj <= aj1[TA-1:0];
                    afin <= aj1 == sm1;
                end
                default: ;
                endcase
            end

            // -------- S4: top words; T - N a word behind
            ftail <= 1'b0;
            if (ptail)
                {ts1, ts} <= tsum;
            if (rtail) begin
                t_top <= tsum[W-1:0];
                ts <= {{(W - 1){1'b0}}, ts1} + {{(W - 1){1'b0}}, tsum[W]};
                ts1 <= 1'b0;
                ftail <= rfin;
            end
            if (dq)
                bor <= dsub[W];

            // -------- S5: the top word of T - N and the choice
            if (ftail) begin
                take_d <= ts != {W{1'b0}} || !fsub[W];
            end
            if (afin)                               // ADD: A + B >= N; SUB: A < B
                take_d <= op_sub ? !cy : cy || !dsub[W];
        end
    end
endmodule

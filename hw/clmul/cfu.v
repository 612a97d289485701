// vexcrypt carry-less multiply unit on VexRiscv's CFU port (LiteX: cpu_variant "full+cfu",
// cpu_cfu = this file; the module must be named Cfu). Operations are selected by the
// instruction's function_id = {funct7, funct3}: funct3 picks the operation, funct7 is its
// immediate. The table, the timing and the golden model: README.md and model.py beside this
// file.
//
//   funct3 0  ZBC    funct7 0 clmul, 1 clmulh, 2 clmulr (RISC-V Zbc) of rs1, rs2
//   funct3 1  LDA    A[i] = rs1, A[i+1] = rs2 for i = funct7 in {0, 2, 4, 6}; returns 0
//   funct3 2  LDB    the same for B
//   funct3 3  LEN    n = funct7 in 1..8 (the operands' length in words); returns 0
//   funct3 4  PROD   word k = funct7 of the product A[0..n) * B[0..n) (0 for k >= 2n)
//   funct3 5  SPREAD funct7 0: the low 16 bits of rs1 spread to the even bits (a square),
//                    1: the high 16 bits
//   anything else: no effect, returns 0 (never a hang). Every operation answers.
//
// Replay safety: LDA, LDB and LEN are idempotent writes, ZBC, SPREAD and PROD are pure
// functions of their operands and of A, B, n, so executing any instruction twice gives the
// same results. PROD keeps the upper half of the last column it summed (a cache keyed by the
// column index and cleared by every write), so words read in ascending order cost one column
// each; any other order is still correct, only slower.
//
// Datapath, for area (ECP5 LUT RAM, no operand multiplexers): A and B live in LUT RAM, even
// and odd words apart so that LDA/LDB write both words of a pair at once; ZBC parks its
// operands in a spare RAM slot. Each multiply step reads its operands into registers (R), and
// the next cycle multiplies a 32-bit word by a 32/PARTS-bit slice and accumulates (M); the
// last step's M also registers the answer. A 32 x 32 product takes PARTS steps. Responses are
// held until rsp_ready; cmd_ready is low while an operation or an unaccepted response is
// pending. Reset clears the sequencer, the cache and n (to 8); A and B keep their contents.
/* verilator lint_off DECLFILENAME */    // LiteX instantiates the CFU as module Cfu
module Cfu #(
    parameter PARTS = 2                 // 1, 2 or 4: multiplier slices per 32 x 32 product
) (
    input  wire        clk,
    input  wire        reset,
    input  wire        cmd_valid,
    output wire        cmd_ready,
    input  wire [9:0]  cmd_payload_function_id,
    input  wire [31:0] cmd_payload_inputs_0,
    input  wire [31:0] cmd_payload_inputs_1,
    output reg         rsp_valid,
    input  wire        rsp_ready,
    output reg  [31:0] rsp_payload_outputs_0
);
    localparam SW = 32 / PARTS;                      // bits of the multiplier slice
    localparam PB = PARTS > 1 ? $clog2(PARTS) : 1;   // bits of a slice index
    localparam [31:0] PLAST32 = PARTS - 1;
    localparam [PB-1:0] PLAST = PLAST32[PB-1:0];     // the last slice
    localparam F_ZBC = 3'd0, F_LDA = 3'd1, F_LDB = 3'd2, F_LEN = 3'd3, F_PROD = 3'd4, F_SPREAD = 3'd5;
    localparam [2:0] ZSLOT = 3'd4;                   // RAM slot of the ZBC operands

    wire [2:0] f3 = cmd_payload_function_id[2:0];
    wire [6:0] f7 = cmd_payload_function_id[9:3];

    // ---- operand RAMs: word w of A is Ae[w/2] (w even) or Ao[w/2]; rs1 writes the even
    // bank, rs2 the odd one. ZBC puts rs1 in Ae[ZSLOT] and rs2 in Bo[ZSLOT].
    reg [31:0] Ae [0:7];
    reg [31:0] Ao [0:7];
    reg [31:0] Be [0:7];
    reg [31:0] Bo [0:7];
    wire pair = f7[6:3] == 4'd0 && !f7[0];          // LDA/LDB index 0, 2, 4 or 6
    wire lda = f3 == F_LDA && pair;
    wire ldb = f3 == F_LDB && pair;
    wire len_cmd = f3 == F_LEN && ((f7[6:3] == 4'd0 && f7 != 7'd0) || f7 == 7'd8);   // n = 1..8
    wire zbc_cmd = f3 == F_ZBC && f7[6:2] == 5'd0 && f7[1:0] != 2'd3;
    wire [2:0] waddr = zbc_cmd ? ZSLOT : {1'b0, f7[2:1]};
    always @(posedge clk) begin
        if (cmd_valid && cmd_ready) begin
            if (lda || zbc_cmd) Ae[waddr] <= cmd_payload_inputs_0;
            if (lda)            Ao[waddr] <= cmd_payload_inputs_1;
            if (ldb)            Be[waddr] <= cmd_payload_inputs_0;
            if (ldb || zbc_cmd) Bo[waddr] <= cmd_payload_inputs_1;
        end
    end

    reg [2:0] nm1;                      // n - 1, n = 1..8
    reg [3:0] n2m1;                     // 2n - 1: the first empty column

    // ---- the sequencer: issues one multiply step per cycle while `issuing`.
    reg        busy, issuing;
    reg        zbc;                     // the operation is a ZBC product (else PROD columns)
    reg [1:0]  zbc_op;
    reg [2:0]  i, ilast;                // A index and the column's last A index
    reg [3:0]  col, target;             // column being issued; the one whose low word answers
    reg        t_empty;                 // the target column is empty
    reg [PB-1:0] part;
    reg        at_start;                // the next step is the first of its column
    reg        from_prev;               // column target-1 is summed first (its high word: carry)

    // Columns: the A indices of column c of an n-word product run from max(0, c-n+1) to
    // min(c, n-1); columns at or above 2n-1 are empty.
    function [2:0] ifirst(input [3:0] c, input [2:0] last);
        ifirst = c > {1'b0, last} ? c[2:0] - last : 3'd0;
    endfunction
    function [2:0] ilastf(input [3:0] c, input [2:0] last);
        ilastf = c > {1'b0, last} ? last : c[2:0];
    endfunction

    assign cmd_ready = !busy && (!rsp_valid || rsp_ready);
    wire fire = cmd_valid && cmd_ready;

    // PROD k: is column k-1 still to be summed, and the carry if it is not.
    wire [3:0] kw = f7[3:0];            // PROD: the word
    wire prod_cmd = f3 == F_PROD && f7[6:4] == 3'd0;
    wire k_empty = kw >= n2m1;
    wire prev_cached = cache_ok && cache_col == kw - 4'd1;
    wire need_prev = kw != 4'd0 && kw - 4'd1 < n2m1 && !prev_cached;
    wire [31:0] carry0 = kw != 4'd0 && prev_cached ? acc[63:32] : 32'd0;
    wire [3:0] first_col = need_prev ? kw - 4'd1 : kw;

    // ---- R: the step's operands. The step issued at the coming clock edge: a PROD's first
    // step at its command (its operands read from the RAM in the command's cycle), else the
    // pending step of the registers.
    wire start_prod = fire && prod_cmd && (need_prev || !k_empty);
    wire issue = start_prod || issuing;
    wire [2:0]  s_i = start_prod ? ifirst(first_col, nm1) : i;
    wire [2:0]  s_ilast = start_prod ? ilastf(first_col, nm1) : ilast;
    wire [3:0]  s_col = start_prod ? first_col : col;
    wire [PB-1:0] s_part = start_prod ? {PB{1'b0}} : part;
    wire        s_zbc = !start_prod && zbc;
    wire [2:0]  s_j = s_col[2:0] - s_i;     // B index (indices are 0..7: arithmetic modulo 8)
    wire s_last_in_col = s_part == PLAST && s_i == s_ilast;
    wire [3:0]  t_col = start_prod ? kw : target;   // the column whose low word answers
    // One read port per bank: ZBC reads slot ZSLOT of the even A bank and the odd B bank.
    wire [2:0] ra_addr = s_zbc ? ZSLOT : {1'b0, s_i[2:1]};
    wire [2:0] rb_addr = s_zbc ? ZSLOT : {1'b0, s_j[2:1]};
    wire [31:0] ra = !s_zbc && s_i[0] ? Ao[ra_addr] : Ae[ra_addr];
    wire [31:0] rb = s_zbc || s_j[0] ? Bo[rb_addr] : Be[rb_addr];
    reg [31:0]   mx;
    reg [SW-1:0] my;
    reg [PB-1:0] mpart;
    reg          mvalid, mfirst, mcarry, mlast;

    // ---- M: acc = (first step of a column ? 0 : acc) ^ (mx * my) << (mpart * SW).
    reg  [SW+31:0] p;
    integer k;
    always @* begin
        p = {(SW + 32){1'b0}};
        for (k = 0; k < SW; k = k + 1)
            if (my[k])
                p = p ^ ({{SW{1'b0}}, mx} << k);
    end
    wire [63:0] pw = {{(32 - SW){1'b0}}, p};
    reg  [63:0] acc;
    wire [1:0]  out_sel = zbc ? zbc_op : {1'b0, col != target};
    wire [63:0] acc_next = (mfirst ? {32'd0, mcarry ? acc[63:32] : 32'd0} : acc) ^ (pw << ({{(6 - PB){1'b0}}, mpart} * SW[5:0]));

    // ---- the cache: the accumulator keeps the last column a PROD summed (ZBC and every write
    // clear the cache), so its high word is column cache_col's.
    reg        cache_ok;
    reg [3:0]  cache_col;

    // Spread: bit b of the half goes to bit 2b.
    function [31:0] spread(input [15:0] h);
        integer s;
        begin
            spread = 32'd0;
            for (s = 0; s < 16; s = s + 1)
                spread[2 * s] = h[s];
        end
    endfunction


    always @(posedge clk) begin
        if (reset) begin
            busy <= 1'b0;
            issuing <= 1'b0;
            mvalid <= 1'b0;
            rsp_valid <= 1'b0;
            rsp_payload_outputs_0 <= 32'd0;
            cache_ok <= 1'b0;
            nm1 <= 3'd7;
            n2m1 <= 4'd15;
        end else begin
            if (rsp_valid && rsp_ready)
                rsp_valid <= 1'b0;

            // Command: simple operations answer the next cycle, products start the sequencer.
            if (fire) begin
                rsp_payload_outputs_0 <= 32'd0;
                rsp_valid <= 1'b1;
                if (lda || ldb)
                    cache_ok <= 1'b0;
                if (len_cmd) begin
                    nm1 <= f7[2:0] - 3'd1;
                    n2m1 <= {f7[2:0] - 3'd1, 1'b1};
                    cache_ok <= 1'b0;
                end
                if (f3 == F_SPREAD && f7[6:1] == 6'd0)
                    rsp_payload_outputs_0 <= spread(f7[0] ? cmd_payload_inputs_0[31:16] : cmd_payload_inputs_0[15:0]);
                if (prod_cmd)
                    rsp_payload_outputs_0 <= carry0;   // the answer when nothing is to be summed
                if (zbc_cmd || start_prod) begin
                    busy <= 1'b1;
                    issuing <= 1'b1;
                    rsp_valid <= 1'b0;
                    zbc <= zbc_cmd;
                    zbc_op <= f7[1:0];
                    target <= zbc_cmd ? 4'd0 : kw;
                    t_empty <= k_empty;
                    cache_ok <= cache_ok && !zbc_cmd;
                    from_prev <= !zbc_cmd && need_prev;
                    at_start <= 1'b1;
                    part <= {PB{1'b0}};
                    col <= 4'd0;
                    i <= 3'd0;
                    ilast <= 3'd0;
                end
            end

            // R: issue the current step (a PROD's first at its command), and make the step
            // after it pending.
            mvalid <= issue;
            if (issue) begin
                mx <= ra;
                my <= rb[s_part * SW +: SW];
                mpart <= s_part;
                mfirst <= start_prod || at_start;
                mcarry <= start_prod ? kw != 4'd0 && prev_cached : at_start && from_prev && s_col == target;
                at_start <= 1'b0;
                col <= s_col;
                ilast <= s_ilast;
                part <= s_part + 1'b1;
                i <= s_i;
                if (s_part == PLAST) begin
                    part <= {PB{1'b0}};
                    i <= s_i + 3'd1;
                end
                mlast <= 1'b0;
                if (s_last_in_col) begin
                    if (!s_zbc && s_col != t_col && !(start_prod ? k_empty : t_empty)) begin
                        col <= t_col;
                        i <= ifirst(t_col, nm1);
                        ilast <= ilastf(t_col, nm1);
                        at_start <= 1'b1;
                    end else begin
                        issuing <= 1'b0;
                        mlast <= 1'b1;
                    end
                end
            end

            // M: accumulate. The target column starts from the previous column's high word (its
            // carry, taken from the accumulator: that column was summed just before, or is the
            // cached one), so the answer needs no carry register and no XOR after the sum.
            if (mvalid)
                acc <= acc_next;

            // The answer, from the sum of the last step.
            if (mvalid && mlast) begin
                busy <= 1'b0;
                rsp_valid <= 1'b1;
                // ZBC's clmul, clmulh or clmulr of the product; PROD's low word of the target
                // (carry included), or for the empty column 2n-1 the high word of column 2n-2.
                rsp_payload_outputs_0 <= out_sel == 2'd0 ? acc_next[31:0] : out_sel == 2'd1 ? acc_next[63:32] : acc_next[62:31];
                if (!zbc) begin
                    cache_ok <= 1'b1;
                    cache_col <= col;
                end
            end
        end
    end
endmodule

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
// Datapath: one 32 x (32 / PARTS) carry-less multiplier; a 32 x 32 product takes PARTS
// cycles. Responses are registered (the cycle after the last step at the earliest), held
// until rsp_ready; cmd_ready is low while an operation or an unaccepted response is pending.
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
    localparam SW = 32 / PARTS;         // bits of the multiplier slice
    localparam [31:0] PLAST32 = PARTS - 1;
    localparam [1:0] PLAST = PLAST32[1:0];  // the last slice
    localparam F_ZBC = 3'd0, F_LDA = 3'd1, F_LDB = 3'd2, F_LEN = 3'd3, F_PROD = 3'd4, F_SPREAD = 3'd5;

    wire [2:0] f3 = cmd_payload_function_id[2:0];
    wire [6:0] f7 = cmd_payload_function_id[9:3];

    reg [31:0] A [0:7];
    reg [31:0] B [0:7];
    reg [3:0]  n;                       // 1..8

    // Sequencer of the multiply steps.
    reg        busy;
    reg        zbc;                     // the steps are one ZBC product (else PROD columns)
    reg [1:0]  zbc_op;
    reg [31:0] zx, zy;                  // ZBC operands
    reg [2:0]  i, ilast;                // PROD: A index, last A index of the column
    reg [3:0]  col;                     // PROD: column being summed
    reg [3:0]  target;                  // PROD: the column whose low word is the answer
    reg [1:0]  part;                    // slice of the B operand
    reg [63:0] acc;
    reg [31:0] carry;                   // high word of column target - 1
    reg        cache_ok;                // cache_hi is the high word of column cache_col
    reg [3:0]  cache_col;
    reg [31:0] cache_hi;

    assign cmd_ready = !busy && (!rsp_valid || rsp_ready);
    wire fire = cmd_valid && cmd_ready;

    // The multiplier: x times slice `part` of y.
    wire [2:0]  j = col[2:0] - i;
    wire [31:0] mx = zbc ? zx : A[i];
    wire [31:0] my = zbc ? zy : B[j];
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] ysh = my >> (part * SW);    // the slice is its low SW bits
    /* verilator lint_on UNUSEDSIGNAL */
    wire [SW-1:0] ys = ysh[SW-1:0];
    reg  [SW+31:0] p;
    wire [63:0] pw = {{(32 - SW){1'b0}}, p};
    integer k;
    always @* begin
        p = {(SW + 32){1'b0}};
        for (k = 0; k < SW; k = k + 1)
            if (ys[k])
                p = p ^ ({{SW{1'b0}}, mx} << k);
    end
    wire [63:0] acc_next = acc ^ (pw << (part * SW));

    // Columns: the A indices of column c of an n-word product run from max(0, c-n+1) to
    // min(c, n-1); columns at or above 2n-1 are empty.
    // (Indices are 0..7, so their arithmetic is modulo 8.)
    function [2:0] ifirst(input [3:0] c, input [3:0] len);
        ifirst = c + 4'd1 > len ? c[2:0] + 3'd1 - len[2:0] : 3'd0;
    endfunction
    function [2:0] ilastf(input [3:0] c, input [3:0] len);
        ilastf = c < len ? c[2:0] : len[2:0] - 3'd1;
    endfunction
    function empty(input [3:0] c, input [3:0] len);
        empty = {1'b0, c} + 5'd1 >= {len, 1'b0};
    endfunction

    // Spread: bit b of the half goes to bit 2b.
    function [31:0] spread(input [15:0] h);
        integer s;
        begin
            spread = 32'd0;
            for (s = 0; s < 16; s = s + 1)
                spread[2 * s] = h[s];
        end
    endfunction

    wire last_step = part == PLAST && i == ilast;

    // PROD k: is column k-1 still to be summed, and the carry if it is not.
    wire prev_cached = cache_ok && cache_col == f7[3:0] - 4'd1;
    wire need_prev = f7[3:0] != 4'd0 && !empty(f7[3:0] - 4'd1, n) && !prev_cached;
    wire [31:0] carry0 = f7[3:0] != 4'd0 && prev_cached ? cache_hi : 32'd0;

    always @(posedge clk) begin
        if (reset) begin
            busy <= 1'b0;
            rsp_valid <= 1'b0;
            rsp_payload_outputs_0 <= 32'd0;
            cache_ok <= 1'b0;
            n <= 4'd8;
            for (k = 0; k < 8; k = k + 1) begin
                A[k] <= 32'd0;
                B[k] <= 32'd0;
            end
        end else begin
            if (rsp_valid && rsp_ready)
                rsp_valid <= 1'b0;
            if (fire) begin
                rsp_payload_outputs_0 <= 32'd0;
                rsp_valid <= 1'b1;           // simple operations answer the next cycle
                case (f3)
                F_ZBC:
                    if (f7 < 7'd3) begin
                        busy <= 1'b1;
                        rsp_valid <= 1'b0;
                        zbc <= 1'b1;
                        zbc_op <= f7[1:0];
                        zx <= cmd_payload_inputs_0;
                        zy <= cmd_payload_inputs_1;
                        i <= 3'd0;
                        ilast <= 3'd0;
                        col <= 4'd0;
                        part <= 2'd0;
                        acc <= 64'd0;
                    end
                F_LDA, F_LDB:
                    if (f7 < 7'd8 && !f7[0]) begin
                        if (f3 == F_LDA) begin
                            A[f7[2:0]] <= cmd_payload_inputs_0;
                            A[f7[2:0] + 3'd1] <= cmd_payload_inputs_1;
                        end else begin
                            B[f7[2:0]] <= cmd_payload_inputs_0;
                            B[f7[2:0] + 3'd1] <= cmd_payload_inputs_1;
                        end
                        cache_ok <= 1'b0;
                    end
                F_LEN:
                    if (f7 >= 7'd1 && f7 <= 7'd8) begin
                        n <= f7[3:0];
                        cache_ok <= 1'b0;
                    end
                F_PROD:
                    if (f7 < 7'd16) begin
                        // Word k = low(column k) ^ high(column k-1): column k-1 first, unless
                        // it is empty or cached, then column k unless it is empty.
                        rsp_payload_outputs_0 <= carry0;
                        if (need_prev || !empty(f7[3:0], n)) begin
                            busy <= 1'b1;
                            rsp_valid <= 1'b0;
                            zbc <= 1'b0;
                            target <= f7[3:0];
                            part <= 2'd0;
                            acc <= 64'd0;
                            carry <= carry0;
                            col <= need_prev ? f7[3:0] - 4'd1 : f7[3:0];
                            i <= ifirst(need_prev ? f7[3:0] - 4'd1 : f7[3:0], n);
                            ilast <= ilastf(need_prev ? f7[3:0] - 4'd1 : f7[3:0], n);
                        end
                    end
                F_SPREAD:
                    if (f7 == 7'd0)
                        rsp_payload_outputs_0 <= spread(cmd_payload_inputs_0[15:0]);
                    else if (f7 == 7'd1)
                        rsp_payload_outputs_0 <= spread(cmd_payload_inputs_0[31:16]);
                default: ;
                endcase
            end else if (busy) begin
                acc <= acc_next;
                part <= part + 2'd1;
                if (part == PLAST) begin
                    part <= 2'd0;
                    i <= i + 3'd1;
                end
                if (last_step) begin
                    if (zbc) begin
                        busy <= 1'b0;
                        rsp_valid <= 1'b1;
                        rsp_payload_outputs_0 <= zbc_op == 2'd0 ? acc_next[31:0] :
                                                 zbc_op == 2'd1 ? acc_next[63:32] : acc_next[62:31];
                    end else if (col != target) begin
                        // Column target-1 done: its high word is the carry; on to the target,
                        // unless the target is the empty column 2n-1 (its word is the carry).
                        carry <= acc_next[63:32];
                        acc <= 64'd0;
                        cache_ok <= 1'b1;
                        cache_col <= col;
                        cache_hi <= acc_next[63:32];
                        if (empty(target, n)) begin
                            busy <= 1'b0;
                            rsp_valid <= 1'b1;
                            rsp_payload_outputs_0 <= acc_next[63:32];
                        end else begin
                            col <= target;
                            i <= ifirst(target, n);
                            ilast <= ilastf(target, n);
                        end
                    end else begin
                        busy <= 1'b0;
                        rsp_valid <= 1'b1;
                        rsp_payload_outputs_0 <= acc_next[31:0] ^ carry;
                        cache_ok <= 1'b1;
                        cache_col <= col;
                        cache_hi <= acc_next[63:32];
                    end
                end
            end
        end
    end
endmodule
